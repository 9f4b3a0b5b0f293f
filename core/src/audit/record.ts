import { and, eq, gt, sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import {
  AUDIT_HIDDEN,
  type AuditAction,
  type AuditChange,
  type AuditTargetType,
  type AuditValue,
} from '@aircloud/shared/audit-log';
import type { Database } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';

/**
 * The one way an administrative write is recorded: `recordAudit` inside the write's own
 * transaction, so the entry and the change commit or roll back together.
 */

type Executor = Pick<Database, 'insert'>;

/** Who made a write: the signed-in user (their e-mail and name are kept as they are now). */
export interface AuditActor {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** What a write changed. */
export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; label: string };
  change?: AuditChange;
}

/** Records one administrative write; call it with the transaction of that write. */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<string> {
  const id = ulid();
  await tx.insert(auditLog).values({
    id,
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    actorName: `${record.actor.firstname} ${record.actor.lastname}`.trim(),
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    change: record.change ?? {},
  });
  return id;
}

/** A stored value as a change shows it: dates as ISO strings, anything missing as null. */
function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * The fields among `fields` whose value differs between `before` and `after` (null for a row
 * created or deleted), each with both values. A field named in `hidden` (a key, a secret) shows
 * only that it changed. Fields not listed (password hashes, token hashes) never appear.
 */
export function changeOf<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
  hidden: readonly (keyof T & string)[] = [],
): AuditChange {
  const change: AuditChange = {};
  for (const field of fields) {
    const from = before ? auditValue(before[field]) : null;
    const to = after ? auditValue(after[field]) : null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    change[field] = hidden.includes(field)
      ? { from: from === null ? null : AUDIT_HIDDEN, to: to === null ? null : AUDIT_HIDDEN }
      : { from, to };
  }
  return change;
}

/** True when a change holds at least one field. */
export function hasChanges(change: AuditChange): boolean {
  return Object.keys(change).length > 0;
}

/**
 * How long one view-as-user session lasts in the log: an administrator looking at the same
 * user again within this time continues the session recorded at its start.
 */
export const VIEW_AS_USER_SESSION_MINUTES = 30;

/**
 * Records the start of a view-as-user session (an administrator listing another user's
 * purifiers or sensors), once per administrator and user within VIEW_AS_USER_SESSION_MINUTES.
 * The check and the insert run under a transaction lock of that pair, so the purifier and
 * sensor lists loading at once record one entry. Answers whether an entry was written (not for
 * an unknown user, nor for oneself).
 */
export async function recordViewAsUser(
  db: Database,
  actor: AuditActor,
  targetId: string,
): Promise<boolean> {
  if (targetId === actor.id) return false;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`audit:view-as:${actor.id}:${targetId}`}, 0))`,
    );
    const [target] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, targetId))
      .limit(1);
    if (!target) return false;
    const since = new Date(Date.now() - VIEW_AS_USER_SESSION_MINUTES * 60_000);
    const [recent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, actor.id),
          eq(auditLog.action, 'user_viewed_as'),
          eq(auditLog.targetId, target.id),
          gt(auditLog.createdAt, since),
        ),
      )
      .limit(1);
    if (recent) return false;
    await recordAudit(tx, {
      actor,
      action: 'user_viewed_as',
      target: { type: 'user', id: target.id, label: target.email },
    });
    return true;
  });
}
