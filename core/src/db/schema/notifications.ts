import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AccountNotificationType,
  NotificationChannel,
  NotificationPayload,
  NotificationPreferences,
  NotificationType,
} from '@aircloud/shared/notifications';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/** Notifications: one row per recipient and event, their preferences and flapping counters. */

/**
 * One notification of one user (core/src/notifications). Written in the transaction of the
 * event that causes it; `dedupe_key` (unique per user) makes a retried or concurrent writer
 * record it once. `in_app`: shown in the list and counted by the bell (off when the user turned
 * the in-app channel off for this type but another channel carries it); `channels`: the other
 * channels it was handed to (quiet hours and preferences decided at recording time).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType | AccountNotificationType>().notNull(),
    machineKind: text('machine_kind').$type<'purifier' | 'sensor'>(),
    machineId: text('machine_id'),
    payload: jsonb('payload').$type<NotificationPayload>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    channels: text('channels')
      .array()
      .$type<NotificationChannel[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Raised inside the recipient's quiet hours: e-mail, push and webhooks wait until then (the
     * end of the quiet hours); null: delivered at once.
     */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL AND in_app`),
    // The device watch looks for devices back online after an offline notice (watch.ts).
    index('notifications_offline_idx')
      .on(t.createdAt)
      .where(sql`type = 'device_offline'`),
    check('notifications_machine_kind_check', sql`${t.machineKind} IN ('purifier', 'sensor')`),
  ],
);

/** A user's notification preferences (absent: the defaults of shared/src/notifications.ts). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Flapping control per user and key (`rule:<ulid>`): the time of the last notification sent,
 * and how many were held back since (folded into the next one).
 */
export const notificationThrottles = pgTable(
  'notification_throttles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    suppressed: integer('suppressed').notNull().default(0),
    suppressedSince: timestamp('suppressed_since', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Outgoing webhooks of a user: notifications handed to the webhook channel are POSTed to `url`,
 * signed with the secret (sealed with APP_SECRET, purpose `webhook-secret`). Disabled after
 * WEBHOOK_FAILURES_TO_DISABLE deliveries failed for good in a row.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/**
 * One notification to deliver to one webhook (recorded with the notification, in its
 * transaction): its attempts, the last status code or error, delivered or failed for good.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.webhookId, t.notificationId),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} IN ('pending', 'delivered', 'failed')`,
    ),
  ],
);

/**
 * A browser's Web Push subscription (one per browser profile and device): notifications handed
 * to the push channel are encrypted to its keys (RFC 8291) and posted to its endpoint with the
 * VAPID signature of this server. Dropped when the push service answers 404 or 410, when its
 * user unsubscribes, and when the account is disabled or deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
