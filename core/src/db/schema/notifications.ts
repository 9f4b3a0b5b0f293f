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
    type: text('type').$type<NotificationType>().notNull(),
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
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL AND in_app`),
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
