import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@aircloud/shared/audit-log';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { pageOffset } from '../db/sql.ts';

/** An audit-log row as stored. */
export type AuditLogRow = typeof auditLog.$inferSelect;
type Reader = Pick<Database, 'select'>;

/** The filters of the audit log (each optional; dates both included). */
export interface AuditLogFilter {
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  from?: Date;
  to?: Date;
}

/** The SQL condition of a filter. */
function whereOf(filter: AuditLogFilter): SQL | undefined {
  return and(
    filter.actor ? eq(auditLog.actorId, filter.actor) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
  );
}

/** One page of matching entries, newest first, and how many match. */
export async function listAuditEntries(
  db: Reader,
  filter: AuditLogFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The entry with this id. */
export async function findAuditEntry(db: Reader, id: string): Promise<AuditLogRow | undefined> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return row;
}

/**
 * Every matching entry, newest first, in batches of `batchSize` read one after the other (keyset
 * on created_at and id: an export of any length holds one batch in memory at a time).
 */
export async function* auditEntryBatches(
  db: Reader,
  filter: AuditLogFilter,
  batchSize = 1000,
): AsyncGenerator<AuditLogRow[]> {
  let after: Pick<AuditLogRow, 'createdAt' | 'id'> | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          lt(auditLog.createdAt, after.createdAt),
          and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)),
        )
      : undefined;
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(whereOf(filter), cursor))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!;
  }
}
