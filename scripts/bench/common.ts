/**
 * Machinery shared by the benchmarks (scripts/bench/*.ts): starting the product on its own
 * database, the HTTP load child process, bench sensors, percentiles and docs/performance.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type pg from 'pg';
import * as prettier from 'prettier';
import { sha256 } from '../../server/src/lib/crypto.ts';
import type { LoadCommand, LoadDevice, LoadResult } from './load.ts';

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
export function startProduct(options: { port: number; database: string; varDir: string }): Product {
  const product = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--e2e'], {
    cwd: root,
    env: {
      ...process.env,
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
    // The Redis keys of this run (start.ts --e2e names the prefix after its pid).
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `aircloud-e2e-${product.pid}:*`,
        'COUNT',
        1000,
      );
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
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

// ---- HTTP load -----------------------------------------------------------------------------

export interface LoadProcess {
  pid: number;
  run: (cmd: LoadCommand) => Promise<LoadResult>;
  kill: () => void;
}

/** The HTTP load generator (scripts/bench/load.ts) in a child process. */
export function startLoad(): LoadProcess {
  const load = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  process.on('exit', () => load.kill());
  return {
    pid: load.pid!,
    run: (cmd) =>
      new Promise<LoadResult>((resolve) => {
        load.once('message', (m) => resolve(m as LoadResult));
        load.send(cmd);
      }),
    kill: () => load.kill(),
  };
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
