import { sql } from 'drizzle-orm';
import {
  AIR_CHANGES_BELOW_DAYS,
  MAINTENANCE_DAYS_BEFORE_DEFAULT,
  OFFLINE_DELAY_MIN_DEFAULT,
  MAINTENANCE_PERCENT_DEFAULT,
} from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import { purifierInviteesSql, sensorInviteesSql } from '../access/grants.ts';
import { recordNotifications, type ChannelHook, type NotificationRow } from './record.ts';

/**
 * The notifications the clock causes, found by the device watch (every 15 s): a device silent
 * for longer than each user's chosen delay, back online after such a notice, a filter or
 * module level under each user's chosen percentage or due within their chosen days, and a
 * purifier measured below its TRH for a week. Each is named by the episode it belongs to
 * (the time the device was last heard from; the last replacement of the consumable), so a user
 * is told once per episode whatever the number of runs.
 */

const KINDS = ['purifier', 'sensor'] as const;

/** The users who see each row `m` of a machine table (owner and invitees of the owner). */
function audienceLateral(kind: 'purifier' | 'sensor') {
  const invitees =
    kind === 'purifier'
      ? purifierInviteesSql(sql`m.id`, sql`m.user_id`)
      : sensorInviteesSql(sql`m.id`, sql`m.user_id`);
  return sql`CROSS JOIN LATERAL (SELECT m.user_id WHERE m.user_id IS NOT NULL UNION ${invitees}) a(user_id)
    JOIN users u ON u.id = a.user_id AND u.enabled
    LEFT JOIN notification_preferences np ON np.user_id = a.user_id`;
}

const episode = (column: string) =>
  sql.raw(`((extract(epoch FROM ${column}) * 1000)::bigint)::text`);

/** Devices silent past a user's delay and not yet notified for this silence. */
async function offlineEvents(db: Database, now: Date) {
  const events = [];
  for (const kind of KINDS) {
    const table = sql.raw(kind === 'purifier' ? 'purifiers' : 'sensors');
    const { rows } = await db.execute<{
      id: string;
      name: string;
      last_seen_at: string;
      user_id: string;
      key: string;
    }>(sql`
      SELECT m.id, m.name, m.last_seen_at, a.user_id,
             'offline:' || m.id || ':' || ${episode('m.last_seen_at')} AS key
        FROM ${table} m ${audienceLateral(kind)}
       WHERE m.wifi_state = 'disconnected' AND m.last_seen_at IS NOT NULL
         AND m.last_seen_at <= ${now}::timestamptz - make_interval(mins =>
               coalesce((np.preferences ->> 'offline_delay_min')::int, ${OFFLINE_DELAY_MIN_DEFAULT}))
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = a.user_id
               AND n.dedupe_key = 'offline:' || m.id || ':' || ${episode('m.last_seen_at')})`);
    for (const r of rows)
      events.push({
        type: 'device_offline' as const,
        machine: { kind, id: r.id },
        dedupeKey: r.key,
        at: now,
        onlyFor: [r.user_id],
        payload: {
          machine_name: r.name,
          last_seen_at: new Date(r.last_seen_at).toISOString(),
        },
      });
  }
  return events;
}

/** Devices heard from again after an offline notice of the last 30 days, not yet told. */
async function onlineEvents(db: Database, now: Date) {
  const events = [];
  for (const kind of KINDS) {
    const table = sql.raw(kind === 'purifier' ? 'purifiers' : 'sensors');
    const { rows } = await db.execute<{
      id: string;
      name: string;
      user_id: string;
      key: string;
      offline_since: string;
      last_seen_at: string;
    }>(sql`
      SELECT m.id, m.name, n.user_id, 'online:' || substr(n.dedupe_key, 9) AS key,
             n.payload ->> 'last_seen_at' AS offline_since, m.last_seen_at
        FROM notifications n JOIN ${table} m ON m.id = n.machine_id
       WHERE n.type = 'device_offline' AND n.machine_kind = ${kind}
         AND n.created_at > ${now}::timestamptz - interval '30 days'
         AND m.wifi_state = 'connected'
         AND m.last_seen_at > (n.payload ->> 'last_seen_at')::timestamptz
         AND NOT EXISTS (SELECT 1 FROM notifications o WHERE o.user_id = n.user_id
               AND o.dedupe_key = 'online:' || substr(n.dedupe_key, 9))`);
    for (const r of rows)
      events.push({
        type: 'device_online' as const,
        machine: { kind, id: r.id },
        dedupeKey: r.key,
        at: now,
        onlyFor: [r.user_id],
        payload: {
          machine_name: r.name,
          offline_since: r.offline_since,
          last_seen_at: new Date(r.last_seen_at).toISOString(),
        },
      });
  }
  return events;
}

/**
 * Consumables under a user's percentage, once per consumable life (the episode is the last
 * replacement of that consumable, `initial` before any).
 */
async function maintenanceEvents(db: Database, now: Date) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    level: string;
    percent: number;
    user_id: string;
    key: string;
  }>(sql`
    WITH levels AS (
      SELECT m.id, m.name, m.user_id, l.key AS level, l.value::float8 AS percent,
             'maintenance:' || m.id || ':' || l.key || ':' || coalesce((
               SELECT me.id FROM maintenance_events me
                WHERE me.purifier_id = m.id
                  AND me.type = CASE l.key WHEN 'prefilter' THEN 'prefilters' ELSE l.key END
                ORDER BY me.occurred_at DESC, me.id DESC LIMIT 1), 'initial') AS key
        FROM purifiers m CROSS JOIN LATERAL jsonb_each_text(m.maintenance_levels) l(key, value)
       WHERE m.user_id IS NOT NULL AND l.value ~ '^-?[0-9.]+$')
    SELECT m.id, m.name, m.level, m.percent, a.user_id, m.key
      FROM levels m ${audienceLateral('purifier')}
     WHERE m.percent < coalesce((np.preferences ->> 'maintenance_percent')::int,
                                ${MAINTENANCE_PERCENT_DEFAULT})
       AND NOT EXISTS (SELECT 1 FROM notifications n
                        WHERE n.user_id = a.user_id AND n.dedupe_key = m.key)`);
  return rows.map((r) => ({
    type: 'maintenance_due' as const,
    machine: { kind: 'purifier' as const, id: r.id },
    dedupeKey: r.key,
    at: now,
    onlyFor: [r.user_id],
    payload: { machine_name: r.name, level: r.level, percent: Math.round(r.percent) },
  }));
}

/**
 * Consumables that will reach a user's percentage within the user's chosen days at the pace
 * they wear (kept by the air-changes task), once per consumable life, while not yet due.
 */
async function maintenanceSoonEvents(db: Database, now: Date) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    level: string;
    percent: number;
    due_at: string;
    user_id: string;
    key: string;
  }>(sql`
    WITH levels AS (
      SELECT m.id, m.name, m.user_id, w.level, (m.maintenance_levels ->> w.level)::float8 AS percent,
             w.pace_per_day,
             'maintenance_soon:' || m.id || ':' || w.level || ':' || coalesce((
               SELECT me.id FROM maintenance_events me
                WHERE me.purifier_id = m.id
                  AND me.type = CASE w.level WHEN 'prefilter' THEN 'prefilters' ELSE w.level END
                ORDER BY me.occurred_at DESC, me.id DESC LIMIT 1), 'initial') AS key
        FROM purifier_wear_paces w JOIN purifiers m ON m.id = w.purifier_id
       WHERE m.user_id IS NOT NULL AND w.pace_per_day < 0
         AND (m.maintenance_levels ->> w.level) ~ '^-?[0-9.]+$'),
    due AS (
      SELECT m.*, a.user_id AS recipient,
             coalesce((np.preferences ->> 'maintenance_percent')::int,
                      ${MAINTENANCE_PERCENT_DEFAULT}) AS threshold,
             coalesce((np.preferences ->> 'maintenance_days_before')::int,
                      ${MAINTENANCE_DAYS_BEFORE_DEFAULT}) AS days_before
        FROM levels m ${audienceLateral('purifier')})
    SELECT id, name, level, percent, recipient AS user_id, key,
           ${now.toISOString()}::timestamptz
             + make_interval(secs => (percent - threshold) / -pace_per_day * 86400) AS due_at
      FROM due
     WHERE percent >= threshold AND (percent - threshold) / -pace_per_day <= days_before
       AND NOT EXISTS (SELECT 1 FROM notifications n
                        WHERE n.user_id = due.recipient AND n.dedupe_key = due.key)`);
  return rows.map((r) => ({
    type: 'maintenance_soon' as const,
    machine: { kind: 'purifier' as const, id: r.id },
    dedupeKey: r.key,
    at: now,
    onlyFor: [r.user_id],
    payload: {
      machine_name: r.name,
      level: r.level,
      percent: Math.round(r.percent),
      due_at: new Date(r.due_at).toISOString(),
    },
  }));
}

/**
 * Purifiers measured below their TRH (in auto) for AIR_CHANGES_BELOW_DAYS: usually a clogged
 * filter or a blocked intake. Once per stretch below (named by when it began).
 */
async function airChangesBelowEvents(db: Database, now: Date) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    ach: number | null;
    target_ach: number;
    below_since: string;
    user_id: string;
    key: string;
  }>(sql`
    SELECT m.id, m.name, v.ach, v.target_ach, v.below_since, a.user_id,
           'air_below:' || m.id || ':' || ${episode('v.below_since')} AS key
      FROM purifier_air_verdicts v JOIN purifiers m ON m.id = v.purifier_id
      ${audienceLateral('purifier')}
     WHERE v.verdict = 'below' AND m.user_id IS NOT NULL
       AND v.below_since <= ${now.toISOString()}::timestamptz
                            - make_interval(days => ${AIR_CHANGES_BELOW_DAYS})
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = a.user_id
             AND n.dedupe_key = 'air_below:' || m.id || ':' || ${episode('v.below_since')})`);
  return rows.map((r) => ({
    type: 'air_changes_below' as const,
    machine: { kind: 'purifier' as const, id: r.id },
    dedupeKey: r.key,
    at: now,
    onlyFor: [r.user_id],
    payload: {
      machine_name: r.name,
      ach: r.ach === null ? null : Math.round(r.ach * 10) / 10,
      target_ach: r.target_ach,
      below_since: new Date(r.below_since).toISOString(),
    },
  }));
}

/**
 * Finds and records the clock's notifications (one transaction per event: a failure loses
 * nothing, the next run finds what is left). Answers the rows written, to announce.
 */
export async function recordWatchNotifications(
  db: Database,
  now: Date,
  onRow?: ChannelHook,
): Promise<NotificationRow[]> {
  const events = [
    ...(await offlineEvents(db, now)),
    ...(await onlineEvents(db, now)),
    ...(await maintenanceEvents(db, now)),
    ...(await maintenanceSoonEvents(db, now)),
    ...(await airChangesBelowEvents(db, now)),
  ];
  const written: NotificationRow[] = [];
  for (const event of events)
    written.push(...(await db.transaction((tx) => recordNotifications(tx, [event], now, onRow))));
  return written;
}
