/**
 * API benchmark: npm run bench:api [-- --clients 200 --seconds 10 --users 200 --graph-users 20]
 *
 * Starts the product (server + worker, like `scripts/start.ts --e2e`) on its own database, seeds
 * `--users` accounts each owning purifiers and sensors (the first `--graph-users` with a month of
 * one-minute history on their first sensor), signs every account in, and drives each endpoint in
 * turn with `--clients` concurrent keep-alive clients (closed loop), each client signed in as
 * its own user: the purifier and sensor lists, a purifier and a sensor, a day and a month graph.
 * The same clients on `/healthz` give the same-run ceiling of the HTTP stack. Then connects
 * `--sockets` dashboard sockets and pushes telemetry to them (delivered share, latency).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import { sha256 } from '@aircloud/core/lib/crypto';
import { hashPassword } from '../../server/src/modules/auth/password-hash.ts';
import {
  BENCH_SECRET,
  clearProbe,
  loadMinuteHistory,
  percentile,
  readProbe,
  root,
  startLoad,
  startProduct,
  waitReady,
} from './common.ts';
import { cpuPercent, cpuSnapshot, groups } from './cpu.ts';

export interface ApiBenchOptions {
  port: number;
  /** Concurrent HTTP clients. */
  clients: number;
  /** Measured seconds per endpoint (after 2 s of warm-up). */
  seconds: number;
  users: number;
  purifiersPerUser: number;
  sensorsPerUser: number;
  /** Users whose first sensor has a month of one-minute history (the graph requests). */
  graphUsers: number;
  /** Dashboard sockets connected at once (0: skip). */
  sockets: number;
  /** Only these groups, comma-separated: list, detail, graph (`/healthz`, the ceiling, always runs). */
  only?: string;
}

export const API_DEFAULTS: ApiBenchOptions = {
  port: 3873,
  clients: 200,
  seconds: 10,
  users: 200,
  purifiersPerUser: 5,
  sensorsPerUser: 5,
  graphUsers: 20,
  sockets: 2000,
};

/** One endpoint under the concurrent clients. */
export interface ApiRow {
  group: string;
  endpoint: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  /** Share of the same-run /healthz requests/s. */
  'of ceiling %': number;
  'server %': number;
  'postgres %': number;
  'bench %': number;
  'machine %': number;
  /** The server's event-loop delay, worst second's p99 (probe). */
  'server loop p99 ms': number;
  /** Most requests queued for a pool connection at once in the server, and the longest wait. */
  'pool queue max': number;
  'pool wait max ms': number;
}

export interface SocketFigures {
  wanted: number;
  connected: number;
  /** Growth of the server's resident memory per connected, subscribed socket. */
  rssKbPerSocket: number;
  subscribed: number;
  connectSeconds: number;
  samplesAccepted: number;
  expectedDeliveries: number;
  delivered: number;
  p50: number;
  p99: number;
}

export interface ApiFigures {
  rows: ApiRow[];
  /** Requests/s of /healthz under the same clients. */
  ceiling: number;
  sockets: SocketFigures | null;
  loadAverage: [number, number];
}

const DATABASE = 'aircloud_bench_api';
const PROBE_DIR = path.join(root, 'var/bench-api/probe');
const PASSWORD = 'Bench-api-1234';
const GRAPH_MEASURES = 'co2,pm25,temperature';

/** Fixed-width ULIDs (Crockford letters only): `<prefix>` then the number, zero-padded to 26. */
const benchId = (prefix: string, n: number) =>
  `${prefix}${String(n).padStart(26 - prefix.length, '0')}`;

interface Account {
  email: string;
  cookie: string;
  purifiers: string[];
  sensors: string[];
}

/** Accounts with purifiers (and their product keys) and sensors, in a few set-based statements. */
async function seed(db: pg.Client, o: ApiBenchOptions): Promise<Account[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const accounts: Account[] = [];
  const userIds: string[] = [];
  const p = {
    user: [] as string[],
    key: [] as string[],
    id: [] as string[],
    serial: [] as string[],
  };
  const s = { user: [] as string[], id: [] as string[], serial: [] as string[] };
  for (let u = 0; u < o.users; u += 1) {
    const userId = benchId('01BENCHACCT', u);
    userIds.push(userId);
    const account: Account = {
      email: `bench-api-${u}@example.test`,
      cookie: '',
      purifiers: [],
      sensors: [],
    };
    for (let i = 0; i < o.purifiersPerUser; i += 1) {
      const n = u * o.purifiersPerUser + i;
      p.user.push(userId);
      p.key.push(benchId('01BENCHKEY', n));
      p.id.push(benchId('01BENCHPRF', n));
      p.serial.push(`HEPA_COCOON-8${String(n).padStart(5, '0')}`);
      account.purifiers.push(benchId('01BENCHPRF', n));
    }
    for (let i = 0; i < o.sensorsPerUser; i += 1) {
      const n = u * o.sensorsPerUser + i;
      s.user.push(userId);
      s.id.push(benchId('01BENCHSNS', n));
      s.serial.push(`APIBENCH-${String(n).padStart(6, '0')}`);
      account.sensors.push(benchId('01BENCHSNS', n));
    }
    accounts.push(account);
  }
  await db.query(
    `INSERT INTO users (id, email, password_hash, firstname, lastname, lang, enabled)
     SELECT id, email, $3, 'Bench', 'User ' || email, 'en', true
     FROM unnest($1::text[], $2::text[]) AS t(id, email) ON CONFLICT DO NOTHING`,
    [userIds, accounts.map((a) => a.email), passwordHash],
  );
  await db.query(
    `INSERT INTO product_keys (id, key, serial_number, model, state, user_id)
     SELECT key_id, 'APIKEY' || lpad(n::text, 8, '0'), serial, 'HEPA_COCOON', 'activated', user_id
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(key_id, serial, user_id, n)
     ON CONFLICT DO NOTHING`,
    [p.key, p.serial, p.user],
  );
  const desired = {
    mode: 'silence',
    trh: 5,
    silent_trh: 5,
    schedule: null,
    version: 1,
    updated_at: new Date().toISOString(),
    source: 'user',
  };
  await db.query(
    `INSERT INTO purifiers (id, user_id, product_key_id, serial_number, model, name, desired, maintenance_levels)
     SELECT id, user_id, key_id, serial, 'HEPA_COCOON', 'Room ' || serial, $5, $6
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, user_id, key_id, serial)
     ON CONFLICT DO NOTHING`,
    [
      p.id,
      p.user,
      p.key,
      p.serial,
      JSON.stringify(desired),
      JSON.stringify(fullMaintenanceLevels()),
    ],
  );
  await db.query(
    `INSERT INTO sensors (id, serial_number, user_id, name, device_secret_hash, reporting_interval_s)
     SELECT id, serial, user_id, 'Sensor ' || serial, $4, 60
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, serial, user_id)
     ON CONFLICT DO NOTHING`,
    [s.id, s.serial, s.user, sha256(BENCH_SECRET)],
  );
  // Each sensor linked to the purifier of the same rank, as people pair them in a room.
  const links = accounts.flatMap((a) =>
    a.sensors.slice(0, a.purifiers.length).map((sensor, i) => [sensor, a.purifiers[i]!]),
  );
  await db.query(
    `INSERT INTO sensor_purifiers (sensor_id, purifier_id, linked_by)
     SELECT l.s, l.p, (SELECT user_id FROM sensors WHERE id = l.s)
       FROM unnest($1::text[], $2::text[]) AS l(s, p) ON CONFLICT DO NOTHING`,
    [links.map((l) => l[0]), links.map((l) => l[1])],
  );
  return accounts;
}

/** Signs every account in (a few at a time: argon2 is costly) and keeps its access cookie. */
async function signIn(base: string, accounts: Account[]): Promise<void> {
  let next = 0;
  const one = async () => {
    while (next < accounts.length) {
      const account = accounts[next++]!;
      const res = await fetch(`${base}/security/token/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: JSON.stringify({ email: account.email, password: PASSWORD }),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('access_token='));
      if (!cookie) throw new Error(`sign-in of ${account.email}: ${res.status}`);
      account.cookie = cookie.split(';')[0]!;
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
}

/** A GET on a keep-alive agent: resolves with the status once the body is read. */
export function get(
  agent: http.Agent,
  url: URL,
  pathname: string,
  cookie: string,
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: pathname, agent, headers: { Cookie: cookie } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * `clients` closed loops, each sending the request `request(client, n)` again as soon as the
 * previous one is answered, for 2 s of warm-up then `seconds` measured.
 */
async function drive(
  base: string,
  clients: number,
  seconds: number,
  request: (client: number, n: number) => { path: string; cookie: string },
) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const run = async (ms: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + ms;
    const loop = async (client: number) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const r = request(client, n);
        const start = performance.now();
        const status = await get(agent, url, r.path, r.cookie);
        if (status === 200) latencies.push(performance.now() - start);
        else errors += 1;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, c) => loop(c)));
    return { latencies, errors, seconds: (performance.now() - started) / 1000 };
  };
  await run(2000);
  const result = await run(seconds * 1000);
  agent.destroy();
  const sorted = result.latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(sorted.length / result.seconds),
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    errors: result.errors,
  };
}

/** Resident memory of these processes, in kB (VmRSS from /proc). */
function residentKb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // the process is gone
    }
  }
  return total;
}

/**
 * Connects `count` dashboard sockets (socket i signed in as account i % accounts, following one
 * of its sensors), then posts telemetry for every followed sensor and measures the pushes.
 */
async function dashboardSockets(
  base: string,
  accounts: Account[],
  count: number,
  serverPids: number[],
): Promise<SocketFigures> {
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  const followers = new Map<string, number>();
  let subscribed = 0;
  let delivered = 0;
  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  let limit = 0;
  const opener = async () => {
    while (next < limit) {
      const i = next++;
      const account = accounts[i % accounts.length]!;
      const sensor = account.sensors[Math.floor(i / accounts.length) % account.sensors.length]!;
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(base, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        extraHeaders: { Cookie: account.cookie },
      });
      sockets.push(socket);
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      });
      if (!ok) continue;
      socket.on('sensor:samples', (event) => {
        const now = Date.now();
        for (const sample of event.samples) latencies.push(now - Date.parse(sample.ts));
        delivered += event.samples.length;
      });
      const ack = await socket
        .timeout(10_000)
        .emitWithAck('subscribe', { sensor })
        .catch(() => ({ ok: false }));
      if (ack.ok) {
        subscribed += 1;
        followers.set(sensor, (followers.get(sensor) ?? 0) + 1);
      }
    }
  };
  // A tenth first, then the rest: the server's memory growth between the two (heap already warm
  // from the first tenth, so a collection of the API benchmark's garbage does not blur it).
  limit = Math.ceil(count / 10);
  await Promise.all(Array.from({ length: 50 }, opener));
  const firstTenth = sockets.filter((s) => s.connected).length;
  const rssFirstTenth = residentKb(serverPids);
  limit = count;
  await Promise.all(Array.from({ length: 50 }, opener));
  const connectSeconds = (performance.now() - started) / 1000;
  const connected = sockets.filter((s) => s.connected).length;
  const rssKbPerSocket =
    connected > firstTenth
      ? Math.round(((residentKb(serverPids) - rssFirstTenth) / (connected - firstTenth)) * 10) / 10
      : NaN;

  // Telemetry from every followed sensor, 1,000 samples/s for 10 s (batches of 5).
  const sensors = [...followers.keys()];
  const load = startLoad();
  const serials = sensors.map((id) => `APIBENCH-${id.slice(-6)}`);
  const result = await load.run({
    type: 'open',
    url: base,
    devices: serials.map((serial) => ({ serial, secret: BENCH_SECRET })),
    samplesPerSecond: 1000,
    batch: 5,
    durationMs: 10_000,
    maxInflight: 512,
  });
  load.kill();
  await new Promise((r) => setTimeout(r, 1000)); // the last pushes
  // Round robin over the sensors: each post's samples reach that sensor's followers.
  let expected = 0;
  for (let i = 0; i < result.ok; i += 1)
    expected += 5 * followers.get(sensors[i % sensors.length]!)!;
  sockets.forEach((s) => s.disconnect());
  const sorted = latencies.sort((a, b) => a - b);
  return {
    wanted: count,
    connected,
    rssKbPerSocket,
    subscribed,
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    samplesAccepted: result.samplesAccepted,
    expectedDeliveries: expected,
    delivered,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** Runs the API benchmark on its own product and database; returns its figures. */
export async function runApiBench(options: Partial<ApiBenchOptions> = {}): Promise<ApiFigures> {
  const o = { ...API_DEFAULTS, ...options };
  clearProbe(PROBE_DIR);
  const product = startProduct({
    port: o.port,
    database: DATABASE,
    varDir: 'var/bench-api',
    probeDir: PROBE_DIR,
  });
  try {
    await waitReady(product.base, 90_000);
    const url = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    let t = performance.now();
    const accounts = await seed(db, o);
    // A month of one-minute history (and its hourly roll-up) behind each graph user's first sensor.
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    await loadMinuteHistory(
      db,
      accounts.slice(0, o.graphUsers).map((a) => a.sensors[0]!),
      new Date(end.getTime() - 30 * 86_400_000),
      end,
    );
    // The statistics a live database has: without them the planner guesses at tables it has
    // never seen grow (autovacuum analyses them only a minute later, mid-run).
    await db.query('ANALYZE');
    await db.end();
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await signIn(product.base, accounts);
    console.log(
      `${accounts.length} accounts signed in in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const watched = groups(product.process.pid!);
    watched.client = [process.pid];
    const loadBefore = loadavg()[0]!;
    const now = Date.now();
    const graph = (span: number) =>
      `?from=${new Date(now - span).toISOString()}&to=${new Date(now).toISOString()}&measures=${GRAPH_MEASURES}`;
    const user = (c: number) => accounts[c % accounts.length]!;
    const graphUser = (c: number) => accounts[c % Math.min(o.graphUsers, accounts.length)]!;
    const cases: {
      group: string;
      endpoint: string;
      request: (c: number, n: number) => { path: string; cookie: string };
    }[] = [
      {
        group: 'ceiling',
        endpoint: 'GET /healthz',
        request: () => ({ path: '/healthz', cookie: '' }),
      },
      {
        group: 'list',
        endpoint: 'GET /api/purifiers',
        request: (c) => ({ path: '/api/purifiers', cookie: user(c).cookie }),
      },
      {
        group: 'list',
        endpoint: 'GET /api/sensors',
        request: (c) => ({ path: '/api/sensors', cookie: user(c).cookie }),
      },
      {
        group: 'detail',
        endpoint: 'GET /api/purifiers/{ulid}',
        request: (c, n) => {
          const u = user(c);
          return {
            path: `/api/purifiers/${u.purifiers[n % u.purifiers.length]}`,
            cookie: u.cookie,
          };
        },
      },
      {
        group: 'detail',
        endpoint: 'GET /api/sensors/{ulid}',
        request: (c, n) => {
          const u = user(c);
          return { path: `/api/sensors/${u.sensors[n % u.sensors.length]}`, cookie: u.cookie };
        },
      },
      {
        group: 'graph',
        endpoint: 'GET /api/sensors/{ulid}/measures (day, 3 measures)',
        request: (c) => {
          const u = graphUser(c);
          return {
            path: `/api/sensors/${u.sensors[0]}/measures${graph(86_400_000)}`,
            cookie: u.cookie,
          };
        },
      },
      {
        group: 'graph',
        endpoint: 'GET /api/sensors/{ulid}/measures (month, 3 measures)',
        request: (c) => {
          const u = graphUser(c);
          return {
            path: `/api/sensors/${u.sensors[0]}/measures${graph(30 * 86_400_000)}`,
            cookie: u.cookie,
          };
        },
      },
    ];
    const rows: ApiRow[] = [];
    let ceiling = NaN;
    const chosen = cases.filter(
      (c) => c.group === 'ceiling' || !o.only || o.only.split(',').includes(c.group),
    );
    for (const { group, endpoint, request } of chosen) {
      const before = cpuSnapshot(watched);
      const r = await drive(product.base, o.clients, o.seconds, request);
      const cpu = cpuPercent(before, cpuSnapshot(watched));
      // The measured seconds only (drive warms up for 2 s first).
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the probe's last line
      const server = readProbe(
        PROBE_DIR,
        Date.now() - 1100 - o.seconds * 1000,
        Date.now() - 1100,
      ).find((p) => p.role === 'server');
      if (group === 'ceiling') ceiling = r.rps;
      const row: ApiRow = {
        group,
        endpoint,
        'req/s': r.rps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        'of ceiling %': Math.round((r.rps / ceiling) * 100),
        'server %': cpu.server,
        'postgres %': cpu.postgres,
        'bench %': cpu.client,
        'machine %': cpu.machine,
        'server loop p99 ms': server?.loopP99Worst ?? NaN,
        'pool queue max': server?.maxWaiting ?? NaN,
        'pool wait max ms': server?.poolWaitMax ?? NaN,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    const loadAfter = loadavg()[0]!;
    const sockets =
      o.sockets > 0
        ? await dashboardSockets(product.base, accounts, o.sockets, watched.server)
        : null;
    if (sockets) console.log(JSON.stringify({ sockets }));
    return { rows, ceiling, sockets, loadAverage: [loadBefore, loadAfter] };
  } finally {
    await product.stop();
  }
}

/** Prints the figures of the API benchmark. */
export function printApiFigures(f: ApiFigures, o: ApiBenchOptions): void {
  console.log(
    `\nAPI benchmark: ${o.clients} concurrent keep-alive clients, ${o.seconds} s per endpoint, ` +
      `${o.users} users (${o.purifiersPerUser} purifiers, ${o.sensorsPerUser} sensors each), ` +
      `graphs over ${o.graphUsers} sensors with a month of one-minute history`,
  );
  console.table(f.rows);
  console.log(
    `load average (1 min) ${f.loadAverage[0].toFixed(1)} → ${f.loadAverage[1].toFixed(1)}`,
  );
  if (f.sockets) {
    const s = f.sockets;
    console.log(
      `dashboard sockets: ${s.connected} / ${s.wanted} connected, ${s.subscribed} subscribed in ` +
        `${s.connectSeconds} s; ${s.samplesAccepted} samples posted, ${s.delivered} / ` +
        `${s.expectedDeliveries} pushes delivered, latency p50 ${s.p50} ms, p99 ${s.p99} ms; ` +
        `server memory ${s.rssKbPerSocket} kB per connected socket`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: Object.fromEntries(
      [...Object.keys(API_DEFAULTS), 'only'].map((k) => [
        k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
        { type: 'string' as const },
      ]),
    ),
  });
  const options = { ...API_DEFAULTS };
  for (const key of Object.keys(API_DEFAULTS) as (keyof ApiBenchOptions)[]) {
    const given = values[key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)];
    if (typeof given === 'string' && key !== 'only') options[key] = Number(given);
  }
  if (typeof values.only === 'string') options.only = values.only;
  try {
    printApiFigures(await runApiBench(options), options);
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
