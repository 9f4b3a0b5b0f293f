import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ulid } from '../lib/ulid.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import { createDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { auditLog, firmwares } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { changeOf, recordAudit } from './record.ts';
import { auditEntryBatches } from './repository.ts';

const actor = { id: ulid(), email: 'root@example.com', firstname: 'Grace', lastname: 'Hopper' };

describe('changeOf', () => {
  it('keeps the listed fields that differ, hides secrets, and never shows an unlisted field', () => {
    const before = { role: 'ROLE_USER', key: 'ABCD', passwordHash: 'x', at: new Date(0) };
    const after = { role: 'ROLE_ADMIN', key: 'EFGH', passwordHash: 'y', at: new Date(0) };
    expect(changeOf(before, after, ['role', 'key', 'at'], ['key'])).toEqual({
      role: { from: 'ROLE_USER', to: 'ROLE_ADMIN' },
      key: { from: '[hidden]', to: '[hidden]' },
    });
    expect(changeOf(null, { models: ['A', 'B'] }, ['models'])).toEqual({
      models: { from: null, to: ['A', 'B'] },
    });
  });
});

describe('auditEntryBatches', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  it('reads every entry once, newest first, across batches and entries of the same millisecond', async () => {
    // Seven entries in one transaction share its time: only the id orders them.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i += 1)
        await recordAudit(tx, {
          actor,
          action: 'translation_saved',
          target: { type: 'translation', id: `fr:key.${i}`, label: `key ${i}` },
        });
    });
    for (let i = 0; i < 3; i += 1)
      await recordAudit(t.db, {
        actor,
        action: 'firmware_imported',
        target: { type: 'firmware', id: ulid(), label: `F ${i}` },
      });
    const all = await t.db.select().from(auditLog);
    const expected = all
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((row) => row.id);
    const read: string[] = [];
    let batches = 0;
    for await (const rows of auditEntryBatches(t.db, {}, 2)) {
      batches += 1;
      read.push(...rows.map((row) => row.id));
    }
    expect(read).toEqual(expected);
    expect(batches).toBe(5);
    const filtered: string[] = [];
    for await (const rows of auditEntryBatches(t.db, { action: 'firmware_imported' }, 2))
      filtered.push(...rows.map((row) => row.id));
    expect(filtered).toHaveLength(3);
  });
});

describe('migration 0018', () => {
  const ADMIN_URL =
    process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `aircloud_m0018_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const folder = mkdtempSync(join(tmpdir(), 'aircloud-migrations-'));
  let db: Database;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  afterAll(async () => {
    await db?.$client.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives the firmware files already stored a version from their name and every model', async () => {
    // The migrations as they were before 0018, applied to a fresh database.
    const source = fileURLToPath(new URL('../db/migrations', import.meta.url));
    cpSync(source, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    // Drizzle applies only what is newer than the last applied: every later one goes too.
    journal.entries = journal.entries.filter((e) => e.tag < '0018_audit_log_firmware_versions');
    writeFileSync(journalPath, JSON.stringify(journal));
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    db = createDatabase(url.toString(), 2);
    await migrate(db, { migrationsFolder: folder });
    const file = (id: string, fileName: string, fileLabel: string) =>
      db.$client.query(
        `INSERT INTO firmwares (id, name, original_file_name, stored_file_name, size, sha256, content_type)
         VALUES ($1, $2, $3, $1, 1, 'ab', 'application/octet-stream')`,
        [id, fileLabel, fileName],
      );
    await file('A', 'cocoon.bin', 'Cocoon 2.4.1 hotfix');
    await file('B', 'dome-1.9.bin', 'Dome');
    await file('C', 'image.bin', 'Latest');

    await runMigrations(db);
    const rows = await db.select().from(firmwares);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId.A).toMatchObject({ name: 'Cocoon 2.4.1 hotfix', version: '2.4.1' });
    expect(byId.B!.version).toBe('1.9');
    expect(byId.C!.version).toBe('0.0.0');
    for (const row of rows) expect(row.models).toEqual([...PRODUCT_KEY_MODELS]);
  });
});
