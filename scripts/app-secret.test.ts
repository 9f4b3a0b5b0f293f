import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appSecretFileOf, databaseAppSecret } from './lib/services.ts';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const names = [1, 2].map(
  (i) => `aircloud_secret_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}${i}`,
);
const urlOf = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const [DB, OTHER_DB] = names.map(urlOf) as [string, string];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query<{ id: string }>(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  for (const name of names) await admin(`CREATE DATABASE ${name}`);
});
afterAll(async () => {
  for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

let dir: string;
/** Two checkouts of the product on this machine, and this user's state directory. */
let checkout1: string;
let checkout2: string;
let stateDir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'aircloud-secret-'));
  checkout1 = path.join(dir, 'checkout-1', 'var');
  checkout2 = path.join(dir, 'checkout-2', 'var');
  stateDir = path.join(dir, 'state');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

describe('databaseAppSecret (npm start without APP_SECRET)', () => {
  it('keeps the secret beside the database: a second checkout of the same database gets the same one', async () => {
    const first = await databaseAppSecret(DB, checkout1, { stateDir });
    expect(Buffer.from(first.secret, 'base64url')).toHaveLength(48);
    const { rows } = await admin('SELECT system_identifier::text AS id FROM pg_control_system()');
    expect(first.file).toBe(
      path.join(stateDir, 'aircloud', `${rows[0]!.id}-${names[0]}`, 'app-secret'),
    );
    expect(readFileSync(first.file, 'utf8').trim()).toBe(first.secret);
    expect(mode(first.file)).toBe(0o600);
    expect(existsSync(path.join(checkout1, 'app-secret'))).toBe(false);

    const second = await databaseAppSecret(DB, checkout2, { stateDir });
    expect(second).toEqual({ secret: first.secret, file: first.file });
    // Another database has a secret of its own.
    expect((await databaseAppSecret(OTHER_DB, checkout1, { stateDir })).secret).not.toBe(
      first.secret,
    );
  });

  it('moves the secret an earlier version kept in the checkout beside the database, once', async () => {
    const legacy = 'a-secret-made-by-an-earlier-version-0123456789';
    mkdirSync(checkout1, { recursive: true });
    writeFileSync(path.join(checkout1, 'app-secret'), `${legacy}\n`, { mode: 0o600 });
    const moved = await databaseAppSecret(DB, checkout1, { stateDir });
    expect(moved).toEqual({
      secret: legacy,
      file: await appSecretFileOf(DB, { stateDir }),
      movedFrom: path.join(checkout1, 'app-secret'),
    });
    expect(existsSync(path.join(checkout1, 'app-secret'))).toBe(false);
    // A fresh clone finds it.
    expect((await databaseAppSecret(DB, checkout2, { stateDir })).secret).toBe(legacy);
  });

  it('never gives a fresh database (e2e) the secret of the checkout', async () => {
    mkdirSync(checkout1, { recursive: true });
    writeFileSync(path.join(checkout1, 'app-secret'), `${'k'.repeat(40)}\n`);
    const e2e = await databaseAppSecret(OTHER_DB, checkout1, { stateDir, fresh: true });
    expect(e2e.secret).not.toBe('k'.repeat(40));
    expect(existsSync(path.join(checkout1, 'app-secret'))).toBe(true);
  });

  it('keeps the embedded database its secret in its own data directory', async () => {
    const dataDir = path.join(checkout1, 'postgres');
    mkdirSync(dataDir, { recursive: true });
    const kept = await databaseAppSecret(DB, checkout1, { dataDir, stateDir });
    expect(kept.file).toBe(path.join(dataDir, 'aircloud-app-secret'));
    expect(mode(kept.file)).toBe(0o600);
    expect(existsSync(stateDir)).toBe(false);
    expect((await databaseAppSecret(DB, checkout1, { dataDir, stateDir })).secret).toBe(
      kept.secret,
    );
  });

  it('tightens a file others could read and replaces a secret too short for the server', async () => {
    const kept = await databaseAppSecret(DB, checkout1, { stateDir });
    chmodSync(kept.file, 0o644);
    expect((await databaseAppSecret(DB, checkout1, { stateDir })).secret).toBe(kept.secret);
    expect(mode(kept.file)).toBe(0o600);
    writeFileSync(kept.file, 'short\n');
    const replaced = await databaseAppSecret(DB, checkout1, { stateDir });
    expect(replaced.secret.length).toBeGreaterThanOrEqual(32);
  });
});
