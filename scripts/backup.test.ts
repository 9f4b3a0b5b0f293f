import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMaintenanceLevels } from '@aircloud/shared/purifiers';
import { productKeys, purifierMerakiSecrets, purifiers, users } from '@aircloud/core/db/schema';
import { deriveKey, encrypt } from '@aircloud/core/lib/crypto';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { rollUpHistory } from '@aircloud/core/telemetry/rollup';
import { createTestDatabase, type TestDatabase } from '@aircloud/core/test/database';
import { keyIdOf } from '../core/src/lib/keyring.ts';
import { keyFingerprint, listTables, type BackupManifest } from './lib/backup-manifest.ts';
import { appSecretFileOf } from './lib/services.ts';
import { restoreBackup } from './lib/restore.ts';

/** npm run backup / npm run restore: a seeded database, backed up and restored into a fresh one. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(48).toString('base64url');

let source: TestDatabase;
let work: string;
let backupDir: string;
const targets: string[] = [];

/** A URL for a database that does not exist yet (dropped after the tests). */
function freshDatabaseUrl(): string {
  const name = `aircloud_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  targets.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one of the npm scripts as `npm run` would, with a clean environment. */
function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      VAR_DIR: work,
      // Secrets kept beside a database go under the test's folder, not the user's state.
      XDG_STATE_HOME: path.join(work, 'state'),
      ...env,
    },
    timeout: 60_000,
  });
}

/** Row count and checksum (md5 of every row's text, sorted) of every table. */
async function fingerprint(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ n: number; md5: string | null }>(
        `SELECT count(*)::int AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS md5
           FROM ${table} t`,
      );
      out[table] = { rows: rows[0]!.n, md5: rows[0]!.md5 ?? '' };
    }
    return out;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'aircloud-backup-test-'));
  backupDir = path.join(work, 'backups');
  source = await createTestDatabase();
  const { db } = source;
  const owner = randomUUID();
  await db.insert(users).values(
    [owner, randomUUID()].map((id, i) => ({
      id,
      email: `backup-${i}-${id}@example.com`,
      passwordHash: 'x',
      firstname: 'Ada',
      lastname: 'Lovelace',
      enabled: true,
    })),
  );
  const keyId = randomUUID();
  const purifierId = randomUUID();
  await db.insert(productKeys).values({
    id: keyId,
    key: 'KEY0000000000001',
    serialNumber: 'HEPA_COCOON-000001',
    model: 'HEPA_COCOON',
    state: 'activated',
  });
  await db.insert(purifiers).values({
    id: purifierId,
    userId: owner,
    productKeyId: keyId,
    serialNumber: 'HEPA_COCOON-000001',
    model: 'HEPA_COCOON',
    name: 'Backed up',
    desired: {
      mode: 'auto',
      trh: 5,
      silent_trh: 5,
      schedule: null,
      version: 1,
      updated_at: new Date().toISOString(),
      source: 'user',
    },
    maintenanceLevels: fullMaintenanceLevels(),
  });
  await db.insert(purifierMerakiSecrets).values({
    purifierId,
    secretEncrypted: encrypt(deriveKey(SECRET, 'meraki-secret'), 'meraki shared secret'),
  });
  const { sensor } = await provisionSensor(db, { serialNumber: 'BACKUP-S1', userId: owner });
  const from = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  const to = new Date(from.getTime() + 2 * 86_400_000);
  await db.$client.query(
    `INSERT INTO sensor_measures (sensor_id, ts, co2, pm25)
     SELECT $1, ts, 400 + extract(epoch FROM ts)::bigint % 300, 12.5
       FROM generate_series($2::timestamptz, $3::timestamptz - interval '1 second', interval '5 minutes') ts`,
    [sensor.id, from, to],
  );
  await rollUpHistory(db.$client, [sensor.id], from, to);
  const uploads = path.join(work, 'uploads');
  mkdirSync(path.join(uploads, 'firmwares'), { recursive: true });
  writeFileSync(path.join(uploads, 'firmwares', 'fw-1.0.bin'), randomBytes(100_000));
  writeFileSync(path.join(uploads, 'avatar.png'), 'not really a png');
}, 60_000);

afterAll(async () => {
  await source?.drop();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  for (const name of targets) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  if (work) rmSync(work, { recursive: true, force: true });
});

let backup: string;
let manifest: BackupManifest;

describe('npm run backup', () => {
  it('writes the dump, the uploads and a manifest naming the key a restore needs', () => {
    const run = runScript(
      'scripts/backup.ts',
      ['--database-url', source.url, '--upload-dir', path.join(work, 'uploads')],
      { APP_SECRET: SECRET, BACKUP_DIR: backupDir },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const dir = /-> (\S+):/.exec(run.stdout)?.[1];
    expect(dir).toBeTruthy();
    backup = path.resolve(root, dir!);
    expect(path.basename(backup)).toMatch(/^aircloud-\d{8}T\d{6}Z$/);
    manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.format).toBe(1);
    expect(Object.keys(manifest.files).sort()).toEqual([
      'database.dump',
      'uploads/avatar.png',
      'uploads/firmwares/fw-1.0.bin',
    ]);
    expect(manifest.database.tables['public.sensor_measures']).toBe(576);
    expect(manifest.database.tables['public.users']).toBe(2);
    expect(manifest.database.migrations.count).toBeGreaterThan(10);
    expect(manifest.database.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.keys).toEqual([
      {
        fingerprint: keyFingerprint(SECRET),
        key_id: keyFingerprint(SECRET).slice(0, 8),
        role: 'current',
        opens: 1,
      },
    ]);
    expect(manifest.sealed_values).toContainEqual(
      expect.objectContaining({ table: 'purifier_meraki_secrets', count: 1 }),
    );
    // The key id sealed values carry is the start of the manifest's fingerprint.
    expect(manifest.keys[0]!.key_id).toBe(keyIdOf(SECRET));
    // The secret itself appears nowhere in the backup's description.
    expect(readFileSync(path.join(backup, 'manifest.json'), 'utf8')).not.toContain(SECRET);
  }, 60_000);
});

describe('npm run restore', () => {
  it('stops without the key material, saying which key is needed', () => {
    const target = freshDatabaseUrl();
    const run = runScript('scripts/restore.ts', [
      backup,
      '--database-url',
      target,
      '--upload-dir',
      path.join(work, 'restored-uploads-refused'),
    ]);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `[restore] the key material of this backup is missing: APP_SECRET with fingerprint ${keyFingerprint(SECRET)}`,
    );
    expect(lines[0]).toContain('1 purifier_meraki_secrets.secret_encrypted');
    // A wrong secret is refused the same way.
    const wrong = runScript('scripts/restore.ts', [backup, '--database-url', target], {
      APP_SECRET: randomBytes(48).toString('base64url'),
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(keyFingerprint(SECRET));
  }, 60_000);

  it('restores into a fresh database: same rows, same checksums, same uploads', async () => {
    const target = freshDatabaseUrl();
    const uploadDir = path.join(work, 'restored-uploads');
    const summary = await restoreBackup({
      backup,
      databaseUrl: target,
      uploadDir,
      keys: { current: SECRET, previous: [] },
    });
    expect(summary.warnings).toEqual([]);
    expect(summary.rows).toBe(Object.values(manifest.database.tables).reduce((a, b) => a + b, 0));
    const [before, after] = await Promise.all([fingerprint(source.url), fingerprint(target)]);
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
    expect(readFileSync(path.join(uploadDir, 'firmwares', 'fw-1.0.bin'))).toEqual(
      readFileSync(path.join(work, 'uploads', 'firmwares', 'fw-1.0.bin')),
    );

    // Not over a database that holds data, unless forced.
    await expect(
      restoreBackup({
        backup,
        databaseUrl: target,
        uploadDir: path.join(work, 'other-uploads'),
        keys: { current: SECRET, previous: [] },
      }),
    ).rejects.toThrow(/^database aircloud_restore_\w+ is not empty: restore into a new database/);
  }, 60_000);

  it('keeps the restored APP_SECRET beside the restored database, where npm start looks', async () => {
    const target = freshDatabaseUrl();
    const run = runScript(
      'scripts/restore.ts',
      [backup, '--database-url', target, '--upload-dir', path.join(work, 'cli-uploads')],
      { APP_SECRET: SECRET },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const file = await appSecretFileOf(target, { stateDir: path.join(work, 'state') });
    expect(run.stdout).toContain(`APP_SECRET kept beside the restored database: ${file}`);
    expect(readFileSync(file, 'utf8').trim()).toBe(SECRET);
  }, 60_000);

  it('restores from a .tar, and with --force over data and without the key, warning', async () => {
    const tarFile = path.join(work, 'backup.tar');
    expect(
      spawnSync('tar', ['-cf', tarFile, '-C', path.dirname(backup), path.basename(backup)]).status,
    ).toBe(0);
    const target = freshDatabaseUrl();
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${new URL(target).pathname.slice(1)}`);
    await client.end();
    const busy = new pg.Client({ connectionString: target });
    await busy.connect();
    await busy.query('CREATE TABLE leftover (id int)');
    await busy.end();
    const warnings: string[] = [];
    const summary = await restoreBackup({
      backup: tarFile,
      databaseUrl: target,
      uploadDir: path.join(work, 'forced-uploads'),
      keys: { current: null, previous: [] },
      force: true,
      warn: (line) => warnings.push(line),
    });
    expect(summary.warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('unreadable: 1 purifier_meraki_secrets.secret_encrypted');
    expect(warnings.join('\n')).toContain('was not empty: replaced');
    expect((await fingerprint(target))['public.leftover']).toBeUndefined();
  }, 60_000);

  it('refuses a damaged backup', async () => {
    appendFileSync(path.join(backup, 'uploads', 'avatar.png'), 'tampered');
    await expect(
      restoreBackup({
        backup,
        databaseUrl: freshDatabaseUrl(),
        uploadDir: path.join(work, 'damaged-uploads'),
        keys: { current: SECRET, previous: [] },
      }),
    ).rejects.toThrow(
      'backup damaged: the checksum of uploads/avatar.png does not match the manifest',
    );
  });
});
