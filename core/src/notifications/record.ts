import { sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import {
  completePreferences,
  QUIET_CHANNELS,
  type NotificationChannel,
  type NotificationPayload,
  type NotificationPreferences,
  type NotificationType,
} from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { machineAudienceSql } from './audience.ts';
import { quietHoursEnd } from './quiet-hours.ts';

type Executor = Pick<Database, 'execute' | 'insert'>;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The channels besides in-app that this build delivers (a channel missing here is never
 * recorded as handed over, whatever the preferences say).
 */
export const DELIVERED_CHANNELS: readonly NotificationChannel[] = ['email', 'push', 'webhook'];

/** One event to tell the users who see its machine about. */
export interface NotificationEventInput {
  type: NotificationType;
  machine: { kind: 'purifier' | 'sensor'; id: string };
  payload: NotificationPayload;
  /** Names the event: a user is told about one key once (retries, concurrent writers). */
  dedupeKey: string;
  /** When it happened (flapping is counted in event time). */
  at: Date;
  /** Flapping control: at most one notification per key per the user's interval. */
  throttleKey?: string;
  /** Tell only these users (still only those who see the machine now). */
  onlyFor?: string[];
}

/** Preferences of these users (defaults for those who never saved any). */
export async function preferencesOf(
  tx: Pick<Database, 'execute'>,
  userIds: string[],
): Promise<Map<string, NotificationPreferences>> {
  const stored = new Map<string, NotificationPreferences>();
  if (userIds.length > 0) {
    const { rows } = await tx.execute<{ user_id: string; preferences: NotificationPreferences }>(
      sql`SELECT user_id, preferences FROM notification_preferences
           WHERE user_id IN (${sql.join(
             userIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    for (const row of rows) stored.set(row.user_id, row.preferences);
  }
  return new Map(userIds.map((id) => [id, completePreferences(stored.get(id))]));
}

/**
 * Flapping control for one user and key, in the caller's transaction (the row is locked): null
 * when the notification is held back (counted into the next), else what was held back since the
 * previous one (possibly nothing).
 */
async function passThrottle(
  tx: Pick<Database, 'execute'>,
  userId: string,
  key: string,
  at: Date,
  intervalMin: number,
): Promise<{ count: number; since: Date | null } | null> {
  const { rows } = await tx.execute<{
    last_ms: number;
    suppressed: number;
    since_ms: number | null;
  }>(sql`
    SELECT (extract(epoch FROM last_at) * 1000)::float8 AS last_ms, suppressed,
           (extract(epoch FROM suppressed_since) * 1000)::float8 AS since_ms
      FROM notification_throttles WHERE user_id = ${userId} AND key = ${key} FOR UPDATE`);
  const row = rows[0];
  if (row && at.getTime() - row.last_ms < intervalMin * 60_000) {
    await tx.execute(sql`
      UPDATE notification_throttles
         SET suppressed = suppressed + 1, suppressed_since = coalesce(suppressed_since, ${at})
       WHERE user_id = ${userId} AND key = ${key}`);
    return null;
  }
  await tx.execute(sql`
    INSERT INTO notification_throttles (user_id, key, last_at, suppressed, suppressed_since)
    VALUES (${userId}, ${key}, ${at}, 0, NULL)
    ON CONFLICT (user_id, key) DO UPDATE
      SET last_at = excluded.last_at, suppressed = 0, suppressed_since = NULL`);
  return {
    count: row?.suppressed ?? 0,
    since: row?.since_ms == null ? null : new Date(row.since_ms),
  };
}

/** What recording asks of the other channels, per new row (the outbox hooks, slice by slice). */
export type ChannelHook = (
  tx: Executor,
  row: NotificationRow,
  channels: NotificationChannel[],
) => Promise<void>;

/**
 * Records the notifications of `events`, one row per recipient, in the caller's transaction (the
 * transaction of the event: both commit or neither). Recipients are the users who see the
 * machine at this moment (its owner and the accepted invitations of its owner; enabled
 * accounts only); each user's preferences decide the channels, quiet hours (at `now`, in their
 * time zone) defer the channels other than in-app to their end (`deliver_after`: the jobs that
 * deliver them are delayed until then), flapping control folds frequent events
 * of one rule into the next. Idempotent: a dedupe key already recorded for a user is skipped.
 * Answers the rows written.
 */
export async function recordNotifications(
  tx: Executor,
  events: NotificationEventInput[],
  now: Date,
  onRow?: ChannelHook,
): Promise<NotificationRow[]> {
  const written: NotificationRow[] = [];
  for (const event of events) {
    const { rows: audience } = await tx.execute<{ user_id: string }>(
      machineAudienceSql(event.machine.kind, sql`${event.machine.id}`),
    );
    const recipients = audience
      .map((r) => r.user_id)
      .filter((id) => !event.onlyFor || event.onlyFor.includes(id));
    if (recipients.length === 0) continue;
    const prefs = await preferencesOf(tx, recipients);
    const userList = sql.join(
      recipients.map((id) => sql`${id}`),
      sql`, `,
    );
    const { rows: reachable } = await tx.execute<{ user_id: string; channel: string }>(sql`
      SELECT DISTINCT user_id, 'webhook' AS channel FROM webhooks
       WHERE enabled AND user_id IN (${userList})
      UNION
      SELECT DISTINCT user_id, 'push' FROM push_subscriptions WHERE user_id IN (${userList})`);
    const has = (userId: string, channel: NotificationChannel) =>
      reachable.some((r) => r.user_id === userId && r.channel === channel);
    for (const userId of recipients) {
      const pref = prefs.get(userId)!;
      const switches = pref.channels[event.type];
      // The webhook and push channels count only for users with a webhook or a subscription.
      const channels = DELIVERED_CHANNELS.filter(
        (c) => switches[c] && (c === 'email' || has(userId, c)),
      );
      // Inside quiet hours these channels wait for their end; the in-app list shows it now.
      const deliverAfter = channels.some((c) => QUIET_CHANNELS.includes(c))
        ? quietHoursEnd(pref.quiet_hours, pref.time_zone, now)
        : null;
      if (!switches.in_app && !DELIVERED_CHANNELS.some((c) => switches[c])) continue;
      let payload = event.payload;
      if (event.throttleKey && pref.flap_interval_min > 0) {
        const held = await passThrottle(
          tx,
          userId,
          event.throttleKey,
          event.at,
          pref.flap_interval_min,
        );
        if (!held) continue;
        if (held.count > 0 && held.since)
          payload = {
            ...payload,
            suppressed: { count: held.count, since: held.since.toISOString() },
          };
      }
      const [row] = await tx
        .insert(notifications)
        .values({
          id: ulid(),
          userId,
          type: event.type,
          machineKind: event.machine.kind,
          machineId: event.machine.id,
          payload,
          dedupeKey: event.dedupeKey,
          inApp: switches.in_app,
          channels,
          deliverAfter,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      written.push(row);
      if (onRow && channels.length > 0) await onRow(tx, row, channels);
    }
  }
  return written;
}
