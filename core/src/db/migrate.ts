import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The key of the PostgreSQL advisory lock that serialises migrators (any constant will do). */
export const MIGRATION_LOCK_KEY = 7_265_731_101;

/**
 * Applies every pending SQL migration. Drizzle's migrator takes no lock of its own (two at once
 * on a fresh database collide creating its `drizzle` schema), so it runs under a session-level
 * advisory lock: any number of processes may call this at once; one applies, the others wait,
 * then find nothing left to do.
 */
export async function runMigrations(db: Database): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}
