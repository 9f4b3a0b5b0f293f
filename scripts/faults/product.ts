/**
 * The product under test, spawned as `scripts/start.ts` does (migrations and demo accounts first,
 * then `server/src/main.ts` and `worker/src/main.ts`), but each process on its own so a scenario
 * can kill and restart one of them. Output goes to var/faults/logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '@aircloud/core/db/client';
import { runMigrations } from '@aircloud/core/db/migrate';
import { ensureMeasurePartitions } from '@aircloud/core/db/partitions';
import { seedDemo } from '../demo/seed-demo.ts';
import { ensureDatabase } from '../lib/services.ts';
import { root, waitReady } from '../bench/common.ts';

/** Where the product's files and the processes' logs go. */
export const varDir = path.join(root, 'var/faults');

/** Creates the database, applies migrations, partitions and the demo accounts. */
export async function prepareDatabase(url: string): Promise<void> {
  const u = new URL(url);
  await ensureDatabase(url, u.pathname.slice(1), true);
  const db = createDatabase(url, 2);
  await runMigrations(db);
  await ensureMeasurePartitions(db);
  await seedDemo(db);
  await db.$client.end();
}

/** The environment shared by every server and worker process of one run. */
export function productEnv(databaseUrl: string, redisUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `aircloud-faults-${process.pid}`,
    APP_SECRET: randomBytes(32).toString('base64url'),
    MAIL_DIR: path.join(varDir, 'mail'),
    UPLOAD_DIR: path.join(varDir, 'uploads'),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    // A killed worker's jobs run again within seconds, not BullMQ's default 30-60 s.
    JOB_LOCK_MS: '5000',
    JOB_STALLED_CHECK_MS: '2000',
  };
}

/** One server or worker process that a scenario may kill and start again. */
export class ProductProcess {
  #child: ChildProcess | null = null;
  readonly #log: ReturnType<typeof createWriteStream>;

  constructor(
    readonly name: string,
    private readonly entry: 'server/src/main.ts' | 'worker/src/main.ts',
    private readonly env: NodeJS.ProcessEnv,
    readonly port?: number,
  ) {
    mkdirSync(path.join(varDir, 'logs'), { recursive: true });
    this.#log = createWriteStream(path.join(varDir, 'logs', `${name}.log`), { flags: 'a' });
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the process; a server is awaited until /readyz answers 200. */
  async start(): Promise<void> {
    const env =
      this.port === undefined
        ? { ...this.env, LOG_LEVEL: 'info' }
        : { ...this.env, PORT: String(this.port) };
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(this.#log, { end: false });
    child.stderr.pipe(this.#log, { end: false });
    this.#log.write(`---- ${new Date().toISOString()} started pid ${child.pid}\n`);
    this.#child = child;
    if (this.port !== undefined) await waitReady(this.base, 90_000);
    else await this.#waitWorkerReady(child);
  }

  /** Resolves once the worker logs its ready line (it runs at LOG_LEVEL info for that). */
  async #waitWorkerReady(child: ChildProcess): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-4096);
        if (!seen.includes('worker ready')) return;
        child.stdout?.off('data', onData);
        resolve();
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${this.name} exited at start (${code})`)));
    });
  }

  /** Kills the process without waiting (the suite is exiting). */
  killNow(): void {
    this.#child?.kill('SIGKILL');
  }

  /** Sends `signal` and waits for the exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.#log.write(`---- ${new Date().toISOString()} ${signal} pid ${child.pid}\n`);
  }
}

/** Signs in as a demo account: the cookie header for API calls and Socket.IO. */
export async function signIn(base: string, email = 'user@demo.test'): Promise<string> {
  const res = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: 'Demo-1234' }),
  });
  if (res.status !== 204) throw new Error(`sign in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
