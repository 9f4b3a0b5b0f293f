import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_CSV_COLUMNS,
  type AuditChange,
  type AuditLogEntry,
} from '@aircloud/shared/audit-log';
import type { AuditLogRow } from '@aircloud/core/audit/repository';
import { iri } from '@aircloud/core/jsonld';

/** A change with `from` before `to` in each field (jsonb keeps keys in its own order). */
function readableChange(change: AuditChange): AuditChange {
  return Object.fromEntries(
    Object.entries(change).map(([field, { from, to }]) => [field, { from, to }]),
  );
}

/** An audit-log entry as the API answers it. */
export function auditLogEntryPresenter(row: AuditLogRow): AuditLogEntry {
  return {
    '@id': iri('audit_log', row.id),
    '@type': 'AuditLogEntry',
    ulid: row.id,
    created_at: row.createdAt.toISOString(),
    actor: iri('users', row.actorId),
    actor_email: row.actorEmail,
    actor_name: row.actorName,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_label: row.targetLabel,
    change: readableChange(row.change),
  };
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula: such
 * a text (a name, a label) is written with a leading apostrophe, as OWASP advises.
 */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * CSV lines (RFC 4180, CRLF) of audit-log rows; the header first when `header`. The change is
 * its JSON text.
 */
export function auditLogCsv(rows: AuditLogRow[], header: boolean): string {
  return stringify(
    rows.map((row) => [
      row.createdAt.toISOString(),
      inert(row.actorEmail),
      inert(row.actorName),
      row.action,
      row.targetType,
      row.targetId ?? '',
      inert(row.targetLabel),
      JSON.stringify(readableChange(row.change)),
    ]),
    {
      header,
      columns: [...AUDIT_CSV_COLUMNS],
      record_delimiter: 'windows',
      // A lone CR or LF is quoted too (csv-stringify quotes only the whole CRLF by itself).
      quoted_match: /[\r\n]/,
    },
  );
}
