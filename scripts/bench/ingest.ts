/**
 * Ingest benchmark: npm run bench:ingest [-- --phase-seconds 20 --sensors 2000 --subscribers 200]
 *
 * Starts the product (server + worker, like `scripts/start.ts --e2e`) on its own database, drives
 * simulated sensors over HTTP on loopback at rising rates (batches of a few samples per request,
 * as buffering devices send), keeps browser-like sockets subscribed to every sensor, and prints
 * offered vs sustained samples/s, errors, device-to-browser latency (sample `ts` set at send
 * time, measured when a subscriber receives it) and CPU of server, worker, PostgreSQL and Redis.
 * Then measures a bare node:http JSON endpoint, the machine's ceiling for such requests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import {
  demoOwner,
  insertBenchSensors,
  percentile,
  startLoad,
  startProduct,
  waitReady,
} from './common.ts';
import type { LoadCommand } from './load.ts';

const { values } = parseArgs({
  options: {
    'phase-seconds': { type: 'string', default: '20' },
    rates: { type: 'string', default: '1000,2500,5000,7500' },
    sensors: { type: 'string', default: '2000' },
    subscribers: { type: 'string', default: '200' },
    batch: { type: 'string', default: '5' },
    port: { type: 'string', default: '3871' },
  },
});
const PHASE_MS = Number(values['phase-seconds']) * 1000;
const RATES = values.rates.split(',').map(Number);
const SENSORS = Number(values.sensors);
const SUBSCRIBERS = Number(values.subscribers);
const BATCH = Number(values.batch);
const PORT = Number(values.port);
const DATABASE = 'aircloud_bench';

// ---- processes and CPU ---------------------------------------------------------------------

const CLK_TCK = 100;
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}
function processes(): { pid: number; ppid: number; comm: string; cmd: string }[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(d), ppid, comm, cmd }];
      } catch {
        return [];
      }
    });
}
type Groups = Record<'server' | 'worker' | 'postgres' | 'redis' | 'client', number[]>;
function groups(startPid: number): Groups {
  const all = processes();
  const children = all.filter((p) => p.ppid === startPid);
  return {
    server: children.filter((p) => p.cmd.includes('server/src/main.ts')).map((p) => p.pid),
    worker: children.filter((p) => p.cmd.includes('worker/src/main.ts')).map((p) => p.pid),
    // Every postgres / redis process of the machine (shared with anything else running).
    postgres: all
      .filter((p) => p.comm === 'postgres' || p.comm.startsWith('postgres'))
      .map((p) => p.pid),
    redis: all.filter((p) => p.comm.startsWith('redis-server')).map((p) => p.pid),
    client: [],
  };
}
type Snapshot = { at: number; machine: number } & Record<keyof Groups, Map<number, number>>;
/** Busy ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  return n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!; // minus idle and iowait
}
function cpuSnapshot(g: Groups): Snapshot {
  const ticks = (pids: number[]) => new Map(pids.map((p) => [p, cpuTicks(p)]));
  return {
    at: Date.now(),
    machine: machineTicks(),
    server: ticks(g.server),
    worker: ticks(g.worker),
    // PostgreSQL backends come and go: the current ones, compared pid by pid.
    postgres: ticks(groups(0).postgres),
    redis: ticks(g.redis),
    client: ticks(g.client),
  };
}
function cpuPercent(a: Snapshot, b: Snapshot) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (k: keyof Groups) => {
    let used = 0;
    for (const [pid, t] of b[k]) used += t - (a[k].get(pid) ?? 0);
    return Math.round((used / CLK_TCK / seconds) * 100);
  };
  return {
    server: pct('server'),
    worker: pct('worker'),
    postgres: pct('postgres'),
    redis: pct('redis'),
    client: pct('client'),
    machine: Math.round(((b.machine - a.machine) / CLK_TCK / seconds) * 100),
  };
}

// ---- main ----------------------------------------------------------------------------------

const product = startProduct({ port: PORT, database: DATABASE, varDir: 'var/bench' });
const BASE = product.base;
const stopProduct = product.stop;

try {
  await waitReady(BASE);
  const db = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${DATABASE}` });
  await db.connect();
  const { ids, devices } = await insertBenchSensors(db, {
    count: SENSORS,
    owner: await demoOwner(db),
    serialPrefix: 'BENCH',
    idPrefix: '01BENCH',
  });

  // Browser-like subscribers, signed in as the owner, each following SENSORS / SUBSCRIBERS sensors.
  const login = await fetch(`${BASE}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE },
    body: JSON.stringify({ email: 'user@demo.test', password: 'Demo-1234' }),
  });
  const cookie = (
    login.headers.getSetCookie().find((c) => c.startsWith('access_token=')) ?? ''
  ).split(';')[0]!;
  let latencies: number[] = [];
  let received = 0;
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  for (let s = 0; s < SUBSCRIBERS; s += 1) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(BASE, {
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
    for (let i = s; i < SENSORS; i += SUBSCRIBERS) {
      const ack = await socket.timeout(5000).emitWithAck('subscribe', { sensor: ids[i]! });
      if (!ack.ok) throw new Error(`subscription refused: ${JSON.stringify(ack)}`);
    }
    sockets.push(socket);
  }

  const load = startLoad();
  const runLoad = load.run;
  const g = groups(product.process.pid!);
  // The benchmark's own processes (subscribers here, HTTP load in the child) share the 2 cores.
  g.client = [process.pid, load.pid];

  type Row = Record<string, string | number>;
  const rows: Row[] = [];
  const phase = async (label: string, cmd: LoadCommand, offered: number | string) => {
    latencies = [];
    received = 0;
    const before = cpuSnapshot(g);
    const result = await runLoad(cmd);
    await new Promise((r) => setTimeout(r, 500)); // the last pushes
    const after = cpuSnapshot(g);
    const sorted = latencies.slice().sort((a, b) => a - b);
    const cpu = cpuPercent(before, after);
    const row: Row = {
      phase: label,
      'offered/s': offered,
      'sustained/s': Math.round(result.samplesAccepted / (result.durationMs / 1000)),
      'req/s': Math.round(result.ok / (result.durationMs / 1000)),
      errors: result.errors,
      'not sent': result.notSent,
      'pushed/s': Math.round(received / (result.durationMs / 1000)),
      'p50 ms': percentile(sorted, 50),
      'p95 ms': percentile(sorted, 95),
      'p99 ms': percentile(sorted, 99),
      'server %': cpu.server,
      'worker %': cpu.worker,
      'postgres %': cpu.postgres,
      'redis %': cpu.redis,
      'bench client %': cpu.client,
      'machine % (of 200)': cpu.machine,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  };

  // Warm-up (JIT, connection pools, caches), not reported.
  await runLoad({
    type: 'open',
    url: BASE,
    devices,
    samplesPerSecond: 1000,
    batch: BATCH,
    durationMs: 5000,
    maxInflight: 512,
  });
  for (const rate of RATES)
    await phase(
      `${rate}/s`,
      {
        type: 'open',
        url: BASE,
        devices,
        samplesPerSecond: rate,
        batch: BATCH,
        durationMs: PHASE_MS,
        maxInflight: 512,
      },
      rate,
    );
  await phase(
    'max (closed loop, 64 in flight)',
    { type: 'closed', url: BASE, devices, batch: BATCH, durationMs: 10_000, concurrency: 64 },
    'max',
  );

  // Let the worker finish its roll-ups, then check that every accepted sample is stored.
  await new Promise((r) => setTimeout(r, 2000));
  const stored = Number(
    (await db.query(`SELECT count(*)::int AS n FROM sensor_measures`)).rows[0].n,
  );
  const hourly = Number(
    (await db.query(`SELECT coalesce(sum(samples), 0)::int AS n FROM sensor_measures_hourly`))
      .rows[0].n,
  );
  await db.end();
  sockets.forEach((s) => s.disconnect());
  await stopProduct();

  // The ceiling: a bare node:http JSON endpoint on the same machine, same client.
  const raw = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { samples: unknown[] };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ accepted: parsed.samples.length, duplicates: 0 }));
    });
  });
  await new Promise<void>((r) => raw.listen(PORT + 1, '127.0.0.1', r));
  const rawResult = await runLoad({
    type: 'closed',
    url: `http://127.0.0.1:${PORT + 1}`,
    devices,
    batch: BATCH,
    durationMs: 5000,
    concurrency: 64,
    raw: true,
  });
  raw.close();
  load.kill();
  const rawRps = Math.round(rawResult.ok / (rawResult.durationMs / 1000));
  const best = Math.max(...rows.map((r) => Number(r['req/s'])));

  console.log(
    '\nIngest benchmark (loopback, batches of %d samples, %d sensors, %d subscribers)',
    BATCH,
    SENSORS,
    SUBSCRIBERS,
  );
  console.table(rows);
  console.log(`stored rows: ${stored}, rolled up: ${hourly}`);
  console.log(
    `bare node:http JSON endpoint (same client, in-process): ${rawRps} req/s; ` +
      `AirCloud telemetry best: ${best} req/s = ${((best / rawRps) * 100).toFixed(0)} % of it`,
  );
  process.exit(0);
} catch (err) {
  console.error(err);
  await stopProduct();
  process.exit(1);
}
