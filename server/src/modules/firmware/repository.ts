import { desc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { Database } from '@aircloud/core/db/client';
import { firmwares } from '@aircloud/core/db/schema';
import { pageOffset } from '@aircloud/core/db/sql';

/** A firmware row as stored. */
export type FirmwareRow = typeof firmwares.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/** Records a stored firmware file. */
export async function insertFirmware(
  db: Executor,
  values: typeof firmwares.$inferInsert,
): Promise<FirmwareRow> {
  const [row] = await db.insert(firmwares).values(values).returning();
  return row!;
}

/** One page of firmware files, latest import first (every file when `page` is null). */
export async function listFirmwares(
  db: Executor,
  page: number | null,
): Promise<{ rows: FirmwareRow[]; total: number }> {
  const query = db.select().from(firmwares).orderBy(desc(firmwares.createdAt), desc(firmwares.id));
  const [rows, [count]] = await Promise.all([
    page === null ? query : query.limit(PAGE_SIZE).offset(pageOffset(page)),
    db.select({ n: sql<number>`count(*)::int` }).from(firmwares),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The firmware with this id. */
export async function findFirmware(db: Executor, id: string): Promise<FirmwareRow | undefined> {
  const [row] = await db.select().from(firmwares).where(eq(firmwares.id, id)).limit(1);
  return row;
}

/** Deletes a firmware row; answers it, or undefined when it was not there. */
export async function deleteFirmware(db: Executor, id: string): Promise<FirmwareRow | undefined> {
  const [row] = await db.delete(firmwares).where(eq(firmwares.id, id)).returning();
  return row;
}
