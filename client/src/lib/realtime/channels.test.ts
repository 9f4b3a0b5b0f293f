import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { Purifier } from '@aircloud/shared/purifiers';
import type { PurifierLive } from '@aircloud/shared/realtime';
import { CHANNEL_RESET_DELAY_MS, ChannelError, createChannels } from './channels.ts';
import { FakeSocket, fakePurifierSocket } from '../../test/fakeSocket.ts';
import type { RealtimeSocket } from './socket.ts';

const ULID = '01JPURIFIER000000000000000';
const OTHER = '01JPURIFIER000000000000001';

function purifier(version: number): Purifier {
  return { ulid: ULID, name: `snapshot ${version}` } as Purifier;
}

function live(ulid: string, mode: PurifierLive['mode']): PurifierLive {
  return { ulid, mode } as PurifierLive;
}

let snapshots: number;
let socket: FakeSocket;
let source$: BehaviorSubject<RealtimeSocket | null>;

beforeEach(() => {
  vi.useFakeTimers();
  snapshots = 0;
  socket = fakePurifierSocket((ulid) => (ulid === ULID ? purifier(++snapshots) : null));
  source$ = new BehaviorSubject<RealtimeSocket | null>(socket.asSocket());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('channel$', () => {
  it('pushes the snapshot first, then the updates of its purifier only', () => {
    const channel$ = createChannels(source$);
    const seen: unknown[] = [];
    const sub = channel$('purifier', ULID).subscribe((m) => seen.push(m));
    socket.serverEmit('purifier:updated', live(OTHER, 'boost'));
    socket.serverEmit('purifier:updated', live(ULID, 'boost'));
    expect(seen).toEqual([
      { type: 'snapshot', purifier: purifier(1) },
      { type: 'updated', purifier: live(ULID, 'boost') },
    ]);
    expect(socket.emits('subscribe')).toEqual([{ purifier: ULID }]);
    sub.unsubscribe();
  });

  it('shares one subscription between subscribers', () => {
    const channel$ = createChannels(source$);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const a = channel$('purifier', ULID).subscribe((m) => first.push(m));
    const b = channel$('purifier', ULID).subscribe((m) => second.push(m));
    socket.serverEmit('purifier:updated', live(ULID, 'silence'));
    expect(socket.emits('subscribe')).toHaveLength(1);
    expect(first).toHaveLength(2);
    expect(second).toEqual([{ type: 'updated', purifier: live(ULID, 'silence') }]);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('subscribes again on reconnect and pushes a fresh snapshot', () => {
    const channel$ = createChannels(source$);
    const seen: unknown[] = [];
    const sub = channel$('purifier', ULID).subscribe((m) => seen.push(m));
    socket.serverEmit('disconnect');
    socket.serverEmit('connect');
    expect(socket.emits('subscribe')).toHaveLength(2);
    expect(seen.at(-1)).toEqual({ type: 'snapshot', purifier: purifier(2) });
    sub.unsubscribe();
  });

  it('waits for the socket to connect before subscribing', () => {
    socket.connected = false;
    const channel$ = createChannels(source$);
    const seen: unknown[] = [];
    const sub = channel$('purifier', ULID).subscribe((m) => seen.push(m));
    expect(socket.emits('subscribe')).toHaveLength(0);
    socket.serverEmit('connect');
    expect(seen).toEqual([{ type: 'snapshot', purifier: purifier(1) }]);
    sub.unsubscribe();
  });

  it('unsubscribes after the last subscriber leaves, not before the reset delay', () => {
    const channel$ = createChannels(source$);
    const sub = channel$('purifier', ULID).subscribe();
    sub.unsubscribe();
    // A page switch comes back within the delay: the same subscription goes on.
    const again = channel$('purifier', ULID).subscribe();
    vi.advanceTimersByTime(CHANNEL_RESET_DELAY_MS * 2);
    expect(socket.emits('unsubscribe')).toHaveLength(0);
    again.unsubscribe();
    vi.advanceTimersByTime(CHANNEL_RESET_DELAY_MS);
    expect(socket.emits('unsubscribe')).toEqual([{ purifier: ULID }]);
    expect(socket.emits('subscribe')).toHaveLength(1);
    // The listeners are gone: a later event reaches nobody, a new subscriber subscribes again.
    const later = channel$('purifier', ULID).subscribe();
    expect(socket.emits('subscribe')).toHaveLength(2);
    later.unsubscribe();
  });

  it('errors with not_found when the server refuses the subscription', () => {
    const channel$ = createChannels(source$);
    const error = vi.fn();
    channel$('purifier', OTHER).subscribe({ error });
    expect(error).toHaveBeenCalledWith(new ChannelError('not_found'));
    expect((error.mock.calls[0]?.[0] as ChannelError).code).toBe('not_found');
  });

  it('follows the socket: none while signed out, the new one after sign-in', () => {
    source$.next(null);
    const channel$ = createChannels(source$);
    const seen: unknown[] = [];
    const sub = channel$('purifier', ULID).subscribe((m) => seen.push(m));
    expect(seen).toEqual([]);
    const next = new FakeSocket(() => ({ ok: true, purifier: purifier(7) }));
    source$.next(next.asSocket());
    expect(next.emits('subscribe')).toEqual([{ purifier: ULID }]);
    expect(seen).toEqual([{ type: 'snapshot', purifier: purifier(7) }]);
    sub.unsubscribe();
  });
});
