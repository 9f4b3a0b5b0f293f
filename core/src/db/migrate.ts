import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending SQL migration (safe to run from several processes: drizzle locks). */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
