import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditChange, AuditTargetType } from '@aircloud/shared/audit-log';

/**
 * The audit log: one row per administrative write, added in the write's own transaction
 * (`core/src/audit/record.ts`). Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE
 * (migration 0018), so not even a bug in the API can edit or remove an entry. The actor is
 * kept by id without a foreign key (a deleted account's entries stay, with the e-mail and name
 * it had then).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /** Milliseconds, as JavaScript reads them: the export's keyset compares them exactly. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    change: jsonb('change').$type<AuditChange>().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    check('audit_log_action_check', sql`${t.action} ~ '^[a-z_]+$'`),
  ],
);
