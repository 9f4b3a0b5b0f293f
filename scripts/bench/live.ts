/**
 * Browser-like Socket.IO subscribers of the ingest benchmarks: signed in as the demo owner, each
 * following its share of the sensors, measuring device-to-browser latency (a sample's `ts` is
 * set when it is sent; the latency is taken when a subscriber receives it).
 *
 * A message of several samples (scripts/bench/samples.ts) carries them 1 ms apart, the newest at
 * the moment it is sent: each sample is also measured against its message's newest `ts` (the
 * send time), without the up to `batch − 1` ms its own `ts` is older.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';

/** A sorted copy (ascending), as percentiles want it. */
const ascending = (list: number[]) => list.slice().sort((a, b) => a - b);

/** What the subscribers received since the last `reset`. */
export interface LiveSubscribers {
  /** Device-to-browser latencies, ms (ascending): receipt − the sample's own `ts`. */
  latencies(): number[];
  /** The same samples, receipt − the send time of their message (its newest `ts`). */
  sentLatencies(): number[];
  /** Samples pushed. */
  received(): number;
  reset(): void;
  close(): void;
}

/** The demo owner's session cookie (`access_token=…`). */
export async function ownerCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'user@demo.test', password: 'Demo-1234' }),
  });
  return (login.headers.getSetCookie().find((c) => c.startsWith('access_token=')) ?? '').split(
    ';',
  )[0]!;
}

/** Opens `count` subscribers, subscriber `s` following sensors s, s + count, s + 2 × count, … */
export async function openSubscribers(
  base: string,
  sensorIds: string[],
  count: number,
): Promise<LiveSubscribers> {
  const cookie = await ownerCookie(base);
  let latencies: number[] = [];
  let sentLatencies: number[] = [];
  let received = 0;
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  for (let s = 0; s < count; s += 1) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(base, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { Cookie: cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.on('sensor:samples', (event) => {
      const now = Date.now();
      const times = event.samples.map((sample) => Date.parse(sample.ts));
      for (const ts of times) latencies.push(now - ts);
      // One message: a run of samples 1 ms apart (time order); its newest `ts` is its send time.
      for (let start = 0; start < times.length;) {
        let end = start + 1;
        while (end < times.length && times[end]! - times[end - 1]! <= 1) end += 1;
        for (let k = start; k < end; k += 1) sentLatencies.push(now - times[end - 1]!);
        start = end;
      }
      received += event.samples.length;
    });
    for (let i = s; i < sensorIds.length; i += count) {
      const ack = await socket.timeout(5000).emitWithAck('subscribe', { sensor: sensorIds[i]! });
      if (!ack.ok) throw new Error(`subscription refused: ${JSON.stringify(ack)}`);
    }
    sockets.push(socket);
  }
  return {
    latencies: () => ascending(latencies),
    sentLatencies: () => ascending(sentLatencies),
    received: () => received,
    reset() {
      latencies = [];
      sentLatencies = [];
      received = 0;
    },
    close() {
      sockets.forEach((socket) => socket.disconnect());
    },
  };
}
