import { z } from 'zod';
import { isStoredUlid } from './ids.ts';
import { pageParam } from './pagination.ts';

/**
 * The audit log: every administrative write, with who made it, when, on what and what changed
 * (issue 21). Entries are only ever added; nothing edits or deletes them.
 */

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'product_key',
  'firmware',
  'sensor',
  'translation',
  'firmware_rollout',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * Every administrative write, as `<target type>_<what happened>` (one word: also the last segment
 * of its catalogue key, `audit-log.actions.<action>`).
 */
export const AUDIT_ACTIONS = [
  'user_created',
  'user_updated',
  'user_role_changed',
  'user_enabled',
  'user_disabled',
  'user_deleted',
  'user_viewed_as',
  'product_key_generated',
  'product_key_exported',
  'product_key_state_changed',
  'product_key_regenerated',
  'product_key_unlinked',
  'firmware_imported',
  'firmware_deleted',
  'sensor_provisioned',
  'translation_saved',
  'translation_reverted',
  'firmware_rollout_started',
  'firmware_rollout_paused',
  'firmware_rollout_resumed',
  'firmware_rollout_aborted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The value a secret field shows in a change: that it changed, never what it is. */
export const AUDIT_HIDDEN = '[hidden]';

/** A JSON value as a change holds it. */
export type AuditValue = string | number | boolean | null | AuditValue[];

/** What changed: each field with its value before and after (null when it did not exist). */
export type AuditChange = Record<string, { from: AuditValue; to: AuditValue }>;

/** One entry as GET /api/audit_log lists it. */
export interface AuditLogEntry {
  '@id': string;
  '@type': 'AuditLogEntry';
  ulid: string;
  /** When the write was committed (the time of its transaction). */
  created_at: string;
  /** IRI of the user who made the write (that account may since have been deleted). */
  actor: string;
  /** The actor's e-mail and name at the time of the write (kept after the account goes). */
  actor_email: string;
  actor_name: string;
  action: AuditAction;
  target_type: AuditTargetType;
  /** The id of what changed (a user's or a firmware's ulid, `lang:key` of a translation…). */
  target_id: string | null;
  /** A readable name of what changed at the time (an e-mail, a serial number, a file name). */
  target_label: string;
  change: AuditChange;
}

/** Entries per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 30;

/** A date filter: an ISO date (`2026-11-27`, the start of that day in UTC) or date-time. */
const instant = () =>
  z
    .string({ error: 'validation.date' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/, {
      error: 'validation.date',
      abort: true,
    })
    // A real day (no 30 February: Date.parse would roll it over to March).
    .refine(
      (text) =>
        !Number.isNaN(Date.parse(text)) &&
        new Date(`${text.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) === text.slice(0, 10),
      { error: 'validation.date', abort: true },
    )
    .transform((text) => new Date(text));

/** An empty query parameter counts as absent (a cleared filter of a form). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * GET /api/audit_log: a page, or (`format=csv`) every matching entry. Filters: the actor (a user
 * ulid), the action, the target type and a date range (both ends included; a bare date `to`
 * covers that whole day, in UTC).
 */
export const auditLogQuerySchema = z
  .object({
    page: pageParam(),
    actor: optional(
      z
        .string({ error: 'validation.invalid' })
        .refine(isStoredUlid, { error: 'validation.invalid' }),
    ),
    action: optional(z.enum(AUDIT_ACTIONS, { error: 'validation.invalid_choice' })),
    target_type: optional(z.enum(AUDIT_TARGET_TYPES, { error: 'validation.invalid_choice' })),
    from: optional(instant()),
    to: optional(
      z.preprocess(
        (value) =>
          typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
            ? `${value.trim()}T23:59:59.999Z`
            : value,
        instant(),
      ),
    ),
    format: z.enum(['json', 'csv'], { error: 'validation.invalid_choice' }).default('json'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'validation.date_range',
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The CSV columns of an audit-log export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'date',
  'actor_email',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'change',
] as const;
