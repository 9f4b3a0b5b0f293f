import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  db: Database;
  drop: () => Promise<void>;
}

/** Creates a fresh, migrated database with a random name; `drop` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `aircloud_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), 5);
  await runMigrations(db);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.$client.end();
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis key prefix unique to one test file, so parallel files never share keys. */
export function testRedisPrefix(): string {
  return `aircloud-test:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
