/**
 * Machinery shared by the benchmarks (scripts/bench/*.ts): starting the product on its own
 * database, the HTTP load child process, bench sensors, percentiles and docs/performance.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import type pg from 'pg';
import * as prettier from 'prettier';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';
import { sha256 } from '@aircloud/core/lib/crypto';
import { rollUpHistory } from '@aircloud/core/telemetry/rollup';
import type { LoadCommand, LoadDevice, LoadResult } from './load.ts';
import type { MqttLoadCommand } from './mqtt-load.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The device secret of every sensor the benchmarks create. */
export const BENCH_SECRET = 'bench-sensor-secret-0123456789abcdefghijklmnop';

// ---- statistics ----------------------------------------------------------------------------

/** The value at rank floor(p % × n) of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The nearest-rank percentile (rank ceil(p % × n)) of an ascending, non-empty list. */
export function nearestRankPercentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---- the product ---------------------------------------------------------------------------

export async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface Product {
  process: ChildProcess;
  base: string;
  /** Stops server and worker and deletes the Redis keys of this run (once). */
  stop: () => Promise<void>;
}

/**
 * Starts the product (server + worker, `scripts/start.ts --e2e`) on `port` with its own database
 * and var directory; never leaves it running behind a crashed or interrupted benchmark.
 */
export function startProduct(options: {
  port: number;
  database: string;
  varDir: string;
  /** Preload scripts/bench/probe.mjs into server and worker, writing into this folder. */
  probeDir?: string;
  /** More environment (e.g. MQTT_URL: the broker of the benchmark instead of one of its own). */
  env?: NodeJS.ProcessEnv;
}): Product {
  const probe = options.probeDir
    ? {
        BENCH_PROBE_DIR: options.probeDir,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(root, 'scripts/bench/probe.mjs')).href}`,
      }
    : {};
  const product = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--e2e'], {
    cwd: root,
    env: {
      ...process.env,
      ...probe,
      ...options.env,
      PORT: String(options.port),
      E2E_DATABASE: options.database,
      LOG_LEVEL: 'warn',
      VAR_DIR: path.join(root, options.varDir),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    product.kill('SIGTERM');
    await new Promise((r) => product.once('exit', r));
    // The Redis keys of this run (start.ts --e2e names the prefix after its pid; the queues'
    // keys carry it in a hash tag, `{prefix}:bull:…`).
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const prefix = `aircloud-e2e-${product.pid}`;
    for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
    redis.disconnect();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(1)));
  process.on('exit', () => {
    if (!stopped) product.kill('SIGTERM');
  });
  return { process: product, base: `http://127.0.0.1:${options.port}`, stop };
}

/** The id of the demo user (user@demo.test) of a product started with `--e2e`. */
export async function demoOwner(db: pg.Client): Promise<string> {
  return (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'user@demo.test'`))
    .rows[0]!.id;
}

/**
 * Inserts `count` sensors of `owner` with the bench secret: serials `<serialPrefix>-000001`…,
 * ids `<idPrefix>` padded with zeros to 26 characters. Returns their ids and load devices.
 */
export async function insertBenchSensors(
  db: pg.Client,
  options: { count: number; owner: string; serialPrefix: string; idPrefix: string },
): Promise<{ ids: string[]; devices: LoadDevice[] }> {
  const serials = Array.from(
    { length: options.count },
    (_, i) => `${options.serialPrefix}-${String(i + 1).padStart(6, '0')}`,
  );
  const ids = serials.map(
    (_, i) => `${options.idPrefix}${String(i).padStart(26 - options.idPrefix.length, '0')}`,
  );
  await db.query(
    `INSERT INTO sensors (id, serial_number, user_id, name, device_secret_hash, reporting_interval_s)
     SELECT id, serial, $3, serial, $4, 10 FROM unnest($1::text[], $2::text[]) AS t(id, serial)
     ON CONFLICT DO NOTHING`,
    [ids, serials, options.owner, sha256(BENCH_SECRET)],
  );
  return { ids, devices: serials.map((serial) => ({ serial, secret: BENCH_SECRET })) };
}

// ---- probe (scripts/bench/probe.mjs) ------------------------------------------------------

interface ProbeLine {
  t: number;
  loop: { p50: number; p99: number; max: number };
  poolWait: { n: number; p99?: number; max?: number };
  poolQuery: { n: number; p99?: number; max?: number };
  request?: { n: number; p99?: number; max?: number };
  firstGap?: { n: number; max?: number };
  accepted?: number;
  maxWaiting: number;
}

/** What the probe saw in one role's processes over a time window (worst second of each). */
export interface ProbeSummary {
  role: string;
  seconds: number;
  /** Event-loop delay, ms: the median second's p99, the worst second's p99, the maximum. */
  loopP99Median: number;
  loopP99Worst: number;
  loopMax: number;
  /** Pool acquisitions in the window, the worst second's p99 and the maximum wait, ms. */
  poolAcquisitions: number;
  poolWaitP99Worst: number;
  poolWaitMax: number;
  /** Most clients queued for a pool connection at once. */
  maxWaiting: number;
  /** Promise-style pool.query (wait + statement), the worst second's p99 and the maximum, ms. */
  queryP99Worst: number;
  queryMax: number;
  /** HTTP requests, arrival in the server to the end of the answer: worst second's p99, maximum. */
  requestP99Worst: number;
  requestMax: number;
  /** Most connections accepted in one second, and the longest accept-to-first-request gap, ms. */
  acceptedMax: number;
  firstRequestGapMax: number;
}

/** Empties a probe folder before a run. */
export function clearProbe(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Summarises the probe lines of `dir` written between `from` and `to` (epoch ms), per role. */
export function readProbe(dir: string, from: number, to: number): ProbeSummary[] {
  if (!existsSync(dir)) return [];
  const byRole = new Map<string, ProbeLine[]>();
  for (const file of readdirSync(dir)) {
    const role = file.split('-')[0]!;
    const lines = readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ProbeLine)
      .filter((l) => l.t > from && l.t <= to + 1000);
    byRole.set(role, [...(byRole.get(role) ?? []), ...lines]);
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  const worst = (list: number[]) => round(Math.max(0, ...list));
  return [...byRole].map(([role, lines]) => ({
    role,
    seconds: lines.length,
    loopP99Median: round(
      percentile(
        lines.map((l) => l.loop.p99).sort((a, b) => a - b),
        50,
      ),
    ),
    loopP99Worst: worst(lines.map((l) => l.loop.p99)),
    loopMax: worst(lines.map((l) => l.loop.max)),
    poolAcquisitions: lines.reduce((n, l) => n + l.poolWait.n, 0),
    poolWaitP99Worst: worst(lines.map((l) => l.poolWait.p99 ?? 0)),
    poolWaitMax: worst(lines.map((l) => l.poolWait.max ?? 0)),
    maxWaiting: Math.max(0, ...lines.map((l) => l.maxWaiting)),
    queryP99Worst: worst(lines.map((l) => l.poolQuery.p99 ?? 0)),
    queryMax: worst(lines.map((l) => l.poolQuery.max ?? 0)),
    requestP99Worst: worst(lines.map((l) => l.request?.p99 ?? 0)),
    requestMax: worst(lines.map((l) => l.request?.max ?? 0)),
    acceptedMax: Math.max(0, ...lines.map((l) => l.accepted ?? 0)),
    firstRequestGapMax: worst(lines.map((l) => l.firstGap?.max ?? 0)),
  }));
}

/**
 * One-minute samples of every measure from `start` to `end` for each sensor (smooth waves, each
 * sensor its own phase), and their hourly roll-up (telemetry/rollup.ts): two set-based
 * statements, as fast as PostgreSQL inserts. Returns the seconds of the load and of the roll-up.
 */
export async function loadMinuteHistory(
  db: pg.Pool | pg.Client,
  sensorIds: string[],
  start: Date,
  end: Date,
): Promise<{ loadSeconds: number; rollupSeconds: number }> {
  const t0 = Date.now();
  const months = Math.ceil((end.getTime() - start.getTime()) / (30 * 24 * 3600_000)) + 2;
  await db.query(`SELECT ensure_sensor_measure_partitions($1, $2)`, [start, months]);
  const exprs = SENSOR_MEASURES.map(
    (m, i) =>
      `(${10 + i * 7} + ${5 + i} * sin((extract(epoch FROM ts) + phase) / ${1000 + i * 97}.0))::real`,
  );
  await db.query(
    `INSERT INTO sensor_measures (sensor_id, ts, ${SENSOR_MEASURES.join(', ')}, iso)
     SELECT sensor_id, ts, ${exprs.join(', ')}, (5 + extract(epoch FROM ts)::bigint / 60 % 4)::smallint
     FROM unnest($1::text[]) WITH ORDINALITY AS s(sensor_id, n), LATERAL (SELECT (n - 1) * 1700 AS phase) p,
          generate_series($2::timestamptz, $3::timestamptz - interval '1 minute', interval '1 minute') ts`,
    [sensorIds, start, end],
  );
  const t1 = Date.now();
  await rollUpHistory(db, sensorIds);
  const t2 = Date.now();
  await db.query('VACUUM ANALYZE sensor_measures_hourly');
  await db.query('VACUUM ANALYZE sensor_measures');
  return { loadSeconds: (t1 - t0) / 1000, rollupSeconds: (t2 - t1) / 1000 };
}

// ---- HTTP load -----------------------------------------------------------------------------

export interface LoadProcess {
  pid: number;
  run: (cmd: LoadCommand) => Promise<LoadResult>;
  kill: () => void;
}

/** A load generator in a child process: one command at a time, one answer each. */
function forkLoad<C, R>(
  file: string,
): {
  pid: number;
  run: (cmd: C) => Promise<R>;
  kill: () => void;
} {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  process.on('exit', () => child.kill());
  return {
    pid: child.pid!,
    run: (cmd) =>
      new Promise<R>((resolve) => {
        child.once('message', (m) => resolve(m as R));
        child.send(cmd as object);
      }),
    kill: () => child.kill(),
  };
}

/** The HTTP load generator (scripts/bench/load.ts) in a child process. */
export function startLoad(): LoadProcess {
  return forkLoad<LoadCommand, LoadResult>('./load.ts');
}

/** The MQTT load generator (scripts/bench/mqtt-load.ts) in a child process. */
export function startMqttLoad() {
  return forkLoad<MqttLoadCommand, unknown>('./mqtt-load.ts');
}

// ---- docs/performance.md -------------------------------------------------------------------

/**
 * Replaces the section starting with `heading` (up to the next `## `) in docs/performance.md, or
 * appends it, formatted in the repository's Prettier style so `npm run lint` stays clean.
 */
export async function writePerformanceSection(heading: string, section: string): Promise<void> {
  const file = path.join(root, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  const startIndex = doc.indexOf(heading);
  let next: string;
  if (startIndex === -1) next = `${doc.trimEnd()}\n\n${section}`;
  else {
    const after = doc.indexOf('\n## ', startIndex + 1);
    next = doc.slice(0, startIndex) + section + (after === -1 ? '' : `\n${doc.slice(after + 1)}`);
  }
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
}
