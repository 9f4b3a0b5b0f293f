/**
 * The fault suite's devices and browsers. Sensors post like real ones but keep exact accounts:
 * every sample has its own timestamp, is retried (same timestamp) until a 2xx says it is stored,
 * and every answer is counted by status. Browsers are socket.io clients holding the demo user's
 * cookie, subscribed to sensors, switching to the next server URL when theirs goes away (as a
 * proxy in front of several servers would).
 */
import type { MeasureValues } from '@aircloud/shared/sensors';
import type {
  ClientToServerEvents,
  SensorSamplesEvent,
  ServerToClientEvents,
} from '@aircloud/shared/realtime';
import { io, type Socket } from 'socket.io-client';
import { sleep } from './services.ts';

/** One sensor the loop posts for, and the measures of its n-th sample. */
export interface LoopSensor {
  id: string;
  serial: string;
  secret: string;
  measures: (seq: number) => MeasureValues;
}

/** A sample the server acknowledged. */
export interface AckedSample {
  ts: number;
  measures: MeasureValues;
}

/**
 * Posts one sample per sensor every `intervalMs` to `urls[current]`; a refused or failed post is
 * retried with the same timestamp every `retryMs`; a connection error moves to the next URL.
 */
export class SensorLoop {
  /** Samples acknowledged per sensor id, in posting order. */
  readonly acked = new Map<string, AckedSample[]>();
  /** Answers by HTTP status ("network" for no answer). */
  readonly statuses = new Map<string, number>();
  /** Distinct samples posted (each counted once, whatever its retries). */
  sent = 0;
  /** Acknowledgements that said "already stored" for a first attempt (should not happen). */
  firstAttemptDuplicates = 0;
  #running = false;
  #loops: Promise<void>[] = [];
  #current = 0;

  constructor(
    private readonly urls: string[],
    private readonly sensors: LoopSensor[],
    private readonly intervalMs: number,
    private readonly retryMs = 250,
  ) {
    for (const s of sensors) this.acked.set(s.id, []);
  }

  start(): void {
    this.#running = true;
    this.#loops = this.sensors.map((s, i) => this.#loop(s, i));
  }

  /** Stops posting new samples; resolves once every sample in flight is acknowledged. */
  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  /** The number of answers with this status (or "network"). */
  count(status: number | 'network'): number {
    return this.statuses.get(String(status)) ?? 0;
  }

  /** Answers that are neither 2xx nor the given expected statuses. */
  unexpected(expected: number[] = []): string[] {
    return [...this.statuses.entries()]
      .filter(([s]) => s !== 'network' && !/^2/.test(s) && !expected.includes(Number(s)))
      .map(([s, n]) => `${s}×${n}`);
  }

  get ackedCount(): number {
    let n = 0;
    for (const list of this.acked.values()) n += list.length;
    return n;
  }

  /** Timestamp of the newest acknowledged sample of a sensor. */
  lastAcked(sensorId: string): number | null {
    return this.acked.get(sensorId)?.at(-1)?.ts ?? null;
  }

  async #loop(sensor: LoopSensor, index: number): Promise<void> {
    // Sensors start spread over one interval, as real ones do.
    await sleep((index * this.intervalMs) / Math.max(1, this.sensors.length));
    const authorization = `Basic ${Buffer.from(`${sensor.serial}:${sensor.secret}`).toString('base64')}`;
    let last = 0;
    for (let seq = 0; this.#running; seq += 1) {
      const ts = Math.max(Date.now(), last + 1);
      last = ts;
      const measures = sensor.measures(seq);
      const body = JSON.stringify({ ts: new Date(ts).toISOString(), measures });
      this.sent += 1;
      for (let attempt = 0; ; attempt += 1) {
        const reply = await this.#post(authorization, body);
        if (reply) {
          if (reply.duplicates === 1 && attempt === 0) this.firstAttemptDuplicates += 1;
          this.acked.get(sensor.id)!.push({ ts, measures });
          break;
        }
        await sleep(this.retryMs);
      }
      await sleep(this.intervalMs);
    }
  }

  /** One POST; the reply when it was a 2xx, else null (counted). */
  async #post(
    authorization: string,
    body: string,
  ): Promise<{ accepted: number; duplicates: number } | null> {
    const url = this.urls[this.#current % this.urls.length]!;
    let status: string;
    try {
      const res = await fetch(`${url}/device/v1/telemetry`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = String(res.status);
      const json = (await res.json().catch(() => null)) as {
        accepted: number;
        duplicates: number;
      } | null;
      this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
      return res.ok && json ? json : null;
    } catch {
      status = 'network';
      this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
      if (this.urls.length > 1) this.#current += 1;
      return null;
    }
  }
}

type BrowserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A browser tab: one socket.io connection with the user's cookie, subscribed to `sensors`; on a
 * lost connection it reconnects (socket.io's own retries) or, with several URLs, moves to the
 * next one and subscribes again (what the client does on reconnect: a fresh snapshot).
 */
export class Browser {
  /** Live samples received, per sensor: timestamps (ms). */
  readonly samples = new Map<string, number[]>();
  /** Last-sample timestamps of the snapshots received at (re)subscription, per sensor. */
  readonly snapshots = new Map<string, (number | null)[]>();
  connects = 0;
  disconnects = 0;
  subscribeErrors = 0;
  lastConnectAt = 0;
  #socket: BrowserSocket | null = null;
  #current = 0;
  #closed = false;

  constructor(
    private readonly urls: string[],
    private readonly cookie: string,
    private readonly sensors: string[],
  ) {}

  get url(): string {
    return this.urls[this.#current % this.urls.length]!;
  }

  /** Connects and subscribes; resolves after the first subscription. */
  async open(): Promise<void> {
    const subscribed = new Promise<void>((resolve) => this.#connect(resolve));
    await subscribed;
  }

  close(): void {
    this.#closed = true;
    this.#socket?.disconnect();
  }

  /** Resolves with the time of the first live sample of `sensor` after `since`, or rejects. */
  async waitSample(sensor: string, since: number, timeoutMs = 30_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.samples.get(sensor)?.find((ts) => ts > since);
      if (hit !== undefined) return Date.now();
      if (Date.now() > deadline) throw new Error(`no live sample of ${sensor} after ${since}`);
      await sleep(50);
    }
  }

  #connect(onSubscribed?: () => void): void {
    const multi = this.urls.length > 1;
    const socket: BrowserSocket = io(this.url, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie: this.cookie, origin: this.url },
      // With several servers the failover below picks the next one, as a proxy would.
      reconnection: !multi,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    this.#socket = socket;
    socket.on('connect', () => {
      this.connects += 1;
      this.lastConnectAt = Date.now();
      this.#subscribeAll(socket).then(
        () => onSubscribed?.(),
        // A subscription cut short by a dying server: the failover (or the retry) subscribes again.
        () => {
          this.subscribeErrors += 1;
        },
      );
    });
    socket.on('sensor:samples', (event: SensorSamplesEvent) => {
      const list = this.samples.get(event.sensor) ?? [];
      for (const s of event.samples) list.push(Date.parse(s.ts));
      this.samples.set(event.sensor, list);
    });
    socket.on('disconnect', () => {
      this.disconnects += 1;
      if (this.#closed || !multi) return;
      socket.removeAllListeners();
      this.#current += 1;
      this.#connect();
    });
    socket.on('connect_error', () => {
      if (this.#closed || !multi) return;
      socket.removeAllListeners();
      socket.disconnect();
      this.#current += 1;
      setTimeout(() => this.#connect(onSubscribed), 200);
    });
  }

  async #subscribeAll(socket: BrowserSocket): Promise<void> {
    for (const sensor of this.sensors) {
      const ack = await socket.timeout(10_000).emitWithAck('subscribe', { sensor });
      if (!ack.ok) throw new Error(`subscribe ${sensor}: ${ack.error}`);
      const last = 'sensor' in ack ? ack.sensor.last_sample : null;
      const list = this.snapshots.get(sensor) ?? [];
      list.push(last ? Date.parse(last.ts) : null);
      this.snapshots.set(sensor, list);
    }
  }
}
