import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `aircloud_migrate_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const pools: Database[] = [];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await Promise.all(pools.map((db) => db.$client.end()));
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('runMigrations', () => {
  it('lets several processes migrate one fresh database at once: one applies, the others wait', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    // Separate pools, as separate server, worker and migrate processes would have.
    for (let i = 0; i < 5; i += 1) pools.push(createDatabase(url.toString(), 3));
    const outcomes = await Promise.allSettled(pools.map((db) => runMigrations(db)));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'));

    const journal = JSON.parse(
      readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await pools[0]!.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]!.n).toBe(journal.entries.length);
    // Run again: nothing left to do, nothing fails.
    await runMigrations(pools[1]!);
    const again = await pools[0]!.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(again.rows[0]!.n).toBe(journal.entries.length);
  });
});
