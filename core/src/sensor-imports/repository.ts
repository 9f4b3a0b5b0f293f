import { desc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { Database } from '../db/client.ts';
import { sensorImports } from '../db/schema/index.ts';
import { pageOffset } from '../db/sql.ts';
import { isUniqueViolation } from '../db/pg-error.ts';

/** A sensor import row as stored. */
export type SensorImportRow = typeof sensorImports.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** PostgreSQL's unique_violation on the one-running-import-per-sensor index. */
export function isRunningImportConflict(err: unknown): boolean {
  return isUniqueViolation(err, 'sensor_imports_one_running_key');
}

/** Records a new import (state pending). */
export async function insertSensorImport(
  db: Executor,
  values: typeof sensorImports.$inferInsert,
): Promise<SensorImportRow> {
  const [row] = await db.insert(sensorImports).values(values).returning();
  return row!;
}

/** The import with this id. */
export async function findSensorImport(
  db: Executor,
  id: string,
): Promise<SensorImportRow | undefined> {
  const [row] = await db.select().from(sensorImports).where(eq(sensorImports.id, id)).limit(1);
  return row;
}

/** One page of a sensor's imports, latest first. */
export async function listSensorImports(
  db: Executor,
  sensorId: string,
  page: number,
): Promise<{ rows: SensorImportRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(sensorImports)
      .where(eq(sensorImports.sensorId, sensorId))
      .orderBy(desc(sensorImports.createdAt), desc(sensorImports.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sensorImports)
      .where(eq(sensorImports.sensorId, sensorId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
