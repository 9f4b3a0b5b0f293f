import {
  AUDIT_LOG_PAGE_SIZE,
  type AuditLogEntry,
  type AuditLogQuery,
} from '@aircloud/shared/audit-log';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import {
  auditEntryBatches,
  findAuditEntry,
  listAuditEntries,
  type AuditLogFilter,
} from '@aircloud/core/audit/repository';
import { AppError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import type { AppContext } from '../../context.ts';
import { auditLogCsv, auditLogEntryPresenter } from './presenter.ts';

/** The repository filter of a query. */
function filterOf(query: AuditLogQuery): AuditLogFilter {
  return {
    actor: query.actor,
    action: query.action,
    targetType: query.target_type,
    from: query.from,
    to: query.to,
  };
}

/** GET /api/audit_log: a page of matching entries, newest first, its links keeping the filters. */
export async function listAuditLog(
  ctx: AppContext,
  query: AuditLogQuery,
): Promise<HydraCollection<AuditLogEntry>> {
  const { rows, total } = await listAuditEntries(
    ctx.db,
    filterOf(query),
    query.page,
    AUDIT_LOG_PAGE_SIZE,
  );
  return hydraCollection(
    '/api/audit_log',
    'AuditLogEntry',
    rows.map(auditLogEntryPresenter),
    total,
    {
      page: query.page,
      params: {
        actor: query.actor,
        action: query.action,
        target_type: query.target_type,
        from: query.from?.toISOString(),
        to: query.to?.toISOString(),
      },
    },
    AUDIT_LOG_PAGE_SIZE,
  );
}

/**
 * GET /api/audit_log?format=csv: every matching entry, newest first, as CSV chunks (the header,
 * then one chunk per batch read), for the route to stream.
 */
export async function* auditLogCsvChunks(
  ctx: AppContext,
  query: AuditLogQuery,
): AsyncGenerator<string> {
  yield auditLogCsv([], true);
  for await (const rows of auditEntryBatches(ctx.db, filterOf(query)))
    yield auditLogCsv(rows, false);
}

/** GET /api/audit_log/{id}: one entry (its @id dereferences); 404 when there is none. */
export async function getAuditLogEntry(ctx: AppContext, id: string): Promise<AuditLogEntry> {
  const row = await findAuditEntry(ctx.db, id);
  if (!row) throw new AppError(404, 'not_found');
  return auditLogEntryPresenter(row);
}
