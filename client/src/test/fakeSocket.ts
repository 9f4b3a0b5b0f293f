import type { Purifier } from '@aircloud/shared/purifiers';
import type {
  FleetSubscribeAck,
  SubscribeAck,
  SubscriptionTarget,
} from '@aircloud/shared/realtime';
import type { RealtimeSocket } from '../lib/realtime/socket.ts';

type Listener = (...args: never[]) => void;

/** A socket stand-in for tests: records emits, answers `subscribe`, plays server events. */
export class FakeSocket {
  connected = true;
  readonly emitted: { event: string; target: SubscriptionTarget }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  /** What `fleet:subscribe` answers (none: no answer, as a server that never replies). */
  fleetAnswer: FleetSubscribeAck | null = null;

  constructor(private readonly answer: (target: SubscriptionTarget) => SubscribeAck) {}

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, target: SubscriptionTarget, ack?: (res: SubscribeAck) => void): this {
    this.emitted.push({ event, target });
    if (event === 'subscribe') ack?.(this.answer(target));
    if (event === 'fleet:subscribe' && this.fleetAnswer && typeof target === 'function')
      (target as (res: FleetSubscribeAck) => void)(this.fleetAnswer);
    return this;
  }

  /** Plays an event from the server (or `connect` / `disconnect`). */
  serverEmit(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args);
  }

  /** The emits of one event name. */
  emits(event: string): SubscriptionTarget[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.target);
  }

  /** Typed as the app's socket. */
  asSocket(): RealtimeSocket {
    return this as unknown as RealtimeSocket;
  }
}

/** A fake socket that answers every purifier subscription with `purifier(ulid)`. */
export function fakePurifierSocket(purifier: (ulid: string) => Purifier | null): FakeSocket {
  return new FakeSocket((target) => {
    const found = 'purifier' in target ? purifier(target.purifier) : null;
    return found ? { ok: true, purifier: found } : { ok: false, error: 'not_found' };
  });
}
