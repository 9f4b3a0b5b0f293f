/**
 * npm run migrate: applies the pending SQL migrations to DATABASE_URL and exits (the one-shot
 * `migrate` service of docker-compose.yml runs it before servers and workers start). Any number
 * may run at once: they take turns on an advisory lock (core/src/db/migrate.ts).
 */
import { createDatabase } from '@aircloud/core/db/client';
import { runMigrations } from '@aircloud/core/db/migrate';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aircloud';
const db = createDatabase(url, 2);
const started = Date.now();
try {
  await runMigrations(db);
  console.log(
    `[migrate] ${new URL(url).pathname.slice(1)} is up to date (${Date.now() - started} ms)`,
  );
} catch (err) {
  console.error('[migrate] failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.$client.end();
}
