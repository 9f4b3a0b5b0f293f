import {
  ACCOUNT_NOTIFICATION_TYPES,
  ALERT_STOP_REASONS,
  markNotificationsReadSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  notificationPreferencesInputSchema,
} from '@aircloud/shared/notifications';
import { z } from 'zod';
import { dateTime, routeDocumenter } from '../../openapi/helpers.ts';
import { hydraCollection } from '../../openapi/schemas.ts';

const documentRoute = routeDocumenter({ tags: ['notifications'], access: 'user' });

const PayloadSchema = z
  .object({
    machine_name: z.string(),
    rule_ulid: z.string().nullable().optional(),
    measure: z.string().optional(),
    value: z.number().nullable().optional(),
    threshold: z.number().optional(),
    mode: z.string().optional(),
    purifiers: z.array(z.object({ ulid: z.string(), name: z.string() })).optional(),
    reason: z
      .enum(ALERT_STOP_REASONS)
      .optional()
      .openapi({
        description:
          'alert_stopped by a user, not by the measure: the rule disabled, edited or deleted ' +
          'while triggered, or the purifiers named unlinked from the sensor (value is null)',
      }),
    stopped_by: z
      .object({ ulid: z.string(), name: z.string() })
      .optional()
      .openapi({ description: 'Who made that change (their name at that moment)' }),
    last_seen_at: dateTime().nullable().optional(),
    offline_since: dateTime().optional(),
    level: z.string().optional(),
    percent: z.number().optional(),
    webhook_url: z.string().optional(),
    failures: z.number().int().optional(),
    last_error: z.string().optional(),
    suppressed: z
      .object({ count: z.number().int(), since: dateTime() })
      .optional()
      .openapi({
        description:
          'Flapping control: notifications of the same rule held back since `since` ' +
          '("and 4 more since 14:05")',
      }),
  })
  .openapi('NotificationPayload', {
    description:
      'Alert rules: measure, value, threshold, mode applied, purifiers. Device offline / ' +
      'online: last_seen_at (offline_since when back). Maintenance: level and percent. ' +
      'Webhook disabled: webhook_url, failures, last_error.',
  });

const NotificationSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/notifications/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('Notification'),
    id: z.string(),
    type: z.enum([...NOTIFICATION_TYPES, ...ACCOUNT_NOTIFICATION_TYPES]),
    machine: z
      .object({
        kind: z.enum(['purifier', 'sensor']),
        ulid: z.string(),
        '@id': z.string().openapi({ example: '/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
      })
      .nullable(),
    payload: PayloadSchema,
    created_at: dateTime(),
    read_at: dateTime().nullable(),
  })
  .openapi('Notification');

const Switches = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodBoolean
  >,
);

const PreferencesSchema = z
  .object({
    channels: z.object(
      Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Switches])) as Record<
        (typeof NOTIFICATION_TYPES)[number],
        typeof Switches
      >,
    ),
    offline_delay_min: z.number().int(),
    maintenance_percent: z.number().int(),
    maintenance_days_before: z.number().int().openapi({
      description: '"Maintenance due soon" this many days before a consumable is due (1–90)',
    }),
    flap_interval_min: z.number().int(),
    quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable(),
    time_zone: z.string().openapi({ example: 'Europe/Paris' }),
  })
  .openapi('NotificationPreferences');

documentRoute({
  method: 'get',
  path: '/api/notifications',
  operationId: 'listNotifications',
  summary: "The caller's notifications",
  description:
    'In-app notifications of the caller only, newest first, 20 per page; `unread=true` keeps ' +
    'the unread ones. `unread_count` is the bell. New ones also arrive on the socket ' +
    '(`notification:created` with the unread count).',
  query: z.object({
    page: z.string().optional().openapi({ example: '1' }),
    unread: z.enum(['true', 'false']).optional(),
  }),
  responses: {
    200: {
      description: 'Hydra collection',
      schema: hydraCollection(NotificationSchema, 'NotificationCollection').extend({
        unread_count: z.number().int().openapi({ description: 'Unread in-app notifications' }),
      }),
    },
  },
});

documentRoute({
  method: 'post',
  path: '/api/notifications/read',
  operationId: 'markNotificationsRead',
  summary: 'Mark notifications read',
  description:
    '`{"ids": [...]}` (ids of the caller\'s notifications; others are ignored) or ' +
    '`{"all": true}`. The caller\'s other sockets get `notifications:read`.',
  body: markNotificationsReadSchema,
  responses: {
    200: {
      description: 'How many changed, and the unread count now',
      schema: z.object({ updated: z.number().int(), unread_count: z.number().int() }),
    },
  },
});

documentRoute({
  method: 'get',
  path: '/api/me/notification_preferences',
  operationId: 'getNotificationPreferences',
  summary: "The caller's notification preferences",
  description:
    'Defaults until saved: every type in-app; e-mail for triggers, offline, maintenance.',
  responses: { 200: { description: 'The preferences', schema: PreferencesSchema } },
});

documentRoute({
  method: 'put',
  path: '/api/me/notification_preferences',
  operationId: 'putNotificationPreferences',
  summary: "Change the caller's notification preferences",
  description:
    'Each field is optional (left out: unchanged); channels merge switch by switch. ' +
    '`quiet_hours` (HH:mm, in `time_zone`, may run over midnight; null: none) defer e-mail, ' +
    'push and webhooks to their end (delivered then); the in-app list shows at once. ' +
    '`flap_interval_min`: at most one ' +
    'notification per rule per interval (0: no limit), the others counted into the next.',
  body: notificationPreferencesInputSchema,
  responses: { 200: { description: 'The preferences', schema: PreferencesSchema } },
});
