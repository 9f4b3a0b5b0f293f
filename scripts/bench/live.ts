/**
 * Browser-like Socket.IO subscribers of the ingest benchmarks: signed in as the demo owner, each
 * following its share of the sensors, measuring device-to-browser latency (a sample's `ts` is
 * set when it is sent; the latency is taken when a subscriber receives it).
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';

/** What the subscribers received since the last `reset`. */
export interface LiveSubscribers {
  /** Device-to-browser latencies, ms. */
  latencies(): number[];
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
      for (const sample of event.samples) latencies.push(now - Date.parse(sample.ts));
      received += event.samples.length;
    });
    for (let i = s; i < sensorIds.length; i += count) {
      const ack = await socket.timeout(5000).emitWithAck('subscribe', { sensor: sensorIds[i]! });
      if (!ack.ok) throw new Error(`subscription refused: ${JSON.stringify(ack)}`);
    }
    sockets.push(socket);
  }
  return {
    latencies: () => latencies,
    received: () => received,
    reset() {
      latencies = [];
      received = 0;
    },
    close() {
      sockets.forEach((socket) => socket.disconnect());
    },
  };
}
