/**
 * The HTTP load generator of the ingest benchmark, run in its own process so that sending never
 * delays the measurement of browser latencies in the benchmark process. Open loop at a given rate
 * (requests that cannot start because too many are in flight are counted as not sent), or closed
 * loop (`concurrency` requests always in flight) to find a maximum.
 */
import http from 'node:http';
import { paceOpenLoop, telemetryBody } from './samples.ts';

export interface LoadDevice {
  serial: string;
  secret: string;
}

export type LoadCommand =
  | {
      type: 'open';
      url: string;
      devices: LoadDevice[];
      samplesPerSecond: number;
      batch: number;
      durationMs: number;
      maxInflight: number;
    }
  | {
      type: 'closed';
      url: string;
      devices: LoadDevice[];
      batch: number;
      durationMs: number;
      concurrency: number;
      raw?: boolean;
    };

export interface LoadResult {
  requests: number;
  ok: number;
  errors: number;
  notSent: number;
  samplesAccepted: number;
  durationMs: number;
  statuses: Record<string, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(url: URL, headers: Record<string, string>, body: string): Promise<[number, string]> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve([res.statusCode ?? 0, text]));
      },
    );
    req.on('error', () => resolve([0, '']));
    req.end(body);
  });
}

async function run(cmd: LoadCommand): Promise<LoadResult> {
  const url = new URL('/device/v1/telemetry', cmd.url);
  const auths = cmd.devices.map((d) => ({
    Authorization: `Basic ${Buffer.from(`${d.serial}:${d.secret}`).toString('base64')}`,
  }));
  const result: LoadResult = {
    requests: 0,
    ok: 0,
    errors: 0,
    notSent: 0,
    samplesAccepted: 0,
    durationMs: 0,
    statuses: {},
  };
  let next = 0;
  let inflight = 0;
  const fire = async () => {
    const auth = auths[next++ % auths.length]!;
    inflight += 1;
    result.requests += 1;
    const [status, text] = await post(url, auth, telemetryBody(cmd.batch));
    inflight -= 1;
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    if (status === 200) {
      result.ok += 1;
      result.samplesAccepted +=
        'raw' in cmd && cmd.raw ? cmd.batch : (JSON.parse(text) as { accepted: number }).accepted;
    } else result.errors += 1;
  };
  const start = Date.now();
  if (cmd.type === 'closed') {
    const loop = async () => {
      while (Date.now() - start < cmd.durationMs) await fire();
    };
    await Promise.all(Array.from({ length: cmd.concurrency }, loop));
  } else {
    await paceOpenLoop({
      perSecond: cmd.samplesPerSecond / cmd.batch,
      durationMs: cmd.durationMs,
      busy: () => inflight >= cmd.maxInflight,
      send: () => void fire(),
      skip: () => (result.notSent += 1),
    });
    while (inflight > 0) await new Promise((r) => setTimeout(r, 5));
  }
  result.durationMs = Date.now() - start;
  return result;
}

process.on('message', (cmd: LoadCommand) => {
  void run(cmd).then((r) => process.send!(r));
});
