import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_CSV_COLUMNS, AUDIT_TARGET_TYPES } from '@aircloud/shared/audit-log';
import { dateTime, routeDocumenter } from '../../openapi/helpers.ts';
import { jsonContent } from '../../openapi/registry.ts';
import { hydraCollection } from '../../openapi/schemas.ts';

const AuditValue = z.unknown().openapi({ description: 'A JSON value, or null' });

const AuditLogEntrySchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/audit_log/01JDQ2V8Y1N3T4W5X6Z7A8B9C0' }),
    '@type': z.literal('AuditLogEntry'),
    ulid: z.string(),
    created_at: dateTime().openapi({ description: 'When the write was committed' }),
    actor: z.string().openapi({
      description: 'IRI of the user who made the write (the account may since have been deleted)',
    }),
    actor_email: z.string().openapi({ description: "The actor's e-mail at the time" }),
    actor_name: z.string().openapi({ description: "The actor's first and last name at the time" }),
    action: z.enum(AUDIT_ACTIONS),
    target_type: z.enum(AUDIT_TARGET_TYPES),
    target_id: z
      .string()
      .nullable()
      .openapi({
        description:
          "The id of what changed: a user's, key's, firmware's or sensor's ulid, `lang:key` of a " +
          'translation; null for a batch of keys',
      }),
    target_label: z
      .string()
      .openapi({ description: 'A readable name of what changed at the time (e-mail, serial…)' }),
    change: z.record(z.string(), z.object({ from: AuditValue, to: AuditValue })).openapi({
      description:
        'Each changed field with its value before and after (null when it did not exist). ' +
        'Secrets appear as "[hidden]"; password and token hashes never appear.',
      example: { role: { from: 'ROLE_USER', to: 'ROLE_TECHNICIAN' } },
    }),
  })
  .openapi('AuditLogEntry');

const documentRoute = routeDocumenter({ tags: ['audit log'], access: 'admin' });

documentRoute({
  method: 'get',
  path: '/api/audit_log',
  operationId: 'listAuditLog',
  summary: 'Read the audit log',
  description:
    'Every administrative write (accounts, roles, enabling and disabling, product keys, ' +
    'firmware, sensor provisioning, translation overrides, view-as-user sessions) with its actor, ' +
    'time, target and change, newest first, 30 per page. Filters: `actor` (a user ulid), ' +
    '`action`, `target_type`, `from` and `to` (ISO date or date-time, both included; a bare ' +
    '`to` date covers that day in UTC). `format=csv` answers every matching entry as text/csv ' +
    `(${AUDIT_CSV_COLUMNS.join(',')}; the change as JSON). Entries are written by the writes ` +
    'themselves, in their transaction: no route adds, edits or deletes one.',
  query: z.object({
    page: z.string().optional().openapi({ example: '1' }),
    actor: z.string().optional().openapi({ description: 'User ulid' }),
    action: z.enum(AUDIT_ACTIONS).optional(),
    target_type: z.enum(AUDIT_TARGET_TYPES).optional(),
    from: z.string().optional().openapi({ example: '2026-11-01' }),
    to: z.string().optional().openapi({ example: '2026-11-30T23:59:59Z' }),
    format: z.enum(['json', 'csv']).optional(),
  }),
  responses: {
    200: {
      description: 'A hydra collection, or with `format=csv` the CSV file',
      content: {
        ...jsonContent(hydraCollection(AuditLogEntrySchema, 'AuditLogEntryCollection')),
        'text/csv': { schema: z.string() },
      },
    },
  },
  errors: [422],
});

documentRoute({
  method: 'get',
  path: '/api/audit_log/{id}',
  operationId: 'getAuditLogEntry',
  summary: 'One audit-log entry',
  responses: { 200: { description: 'The entry', schema: AuditLogEntrySchema } },
  errors: [404],
});
