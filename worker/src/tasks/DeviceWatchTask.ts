import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import { recordDeviceEvents } from '@aircloud/core/devices/events';
import { foldFleetCounts } from '@aircloud/core/fleet/counts';
import { announceNotifications } from '@aircloud/core/notifications/announce';
import { recordWatchNotifications } from '@aircloud/core/notifications/watch';
import { dispatchNotificationMails } from '@aircloud/core/notifications/email';
import { dispatchPushMessages } from '@aircloud/core/notifications/push';
import {
  dispatchWebhookDeliveries,
  pendingDeliveries,
} from '@aircloud/core/notifications/webhooks';
import type { ChannelHook } from '@aircloud/core/notifications/record';
import type { Queue } from 'bullmq';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { pushSensorsWifi } from '@aircloud/core/sensors/live';
import type { JobData } from '@aircloud/core/queues';
import type { PurifierRow } from '@aircloud/core/purifiers/repository';
import { systemClock, type Clock } from '@aircloud/core/purifiers/schedule-slots';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { CONNECTED_INTERVALS } from '@aircloud/shared/purifiers';
import { purifiers } from '@aircloud/core/db/schema';
import { sql } from 'drizzle-orm';

/** Id of the repeatable job and its period. */
export const DEVICE_WATCH_SCHEDULER = 'device-watch';
export const DEVICE_WATCH_EVERY_MS = 15_000;

/** What a run found. */
export interface DeviceWatchResult {
  purifiers: number;
  sensors: number;
  /** Notifications recorded (device offline or back online, maintenance due). */
  notifications: number;
}

/**
 * The DeviceWatch task (every 15 s): devices recorded as connected but not heard from within
 * three reporting intervals become disconnected; each transition is logged in `device_events`
 * and pushed to the browsers following the device. (Reconnection is seen by the telemetry path.)
 * The conditional UPDATE makes concurrent or retried runs log a transition once. It also folds
 * the fleet view's pending count changes (core/src/fleet/counts.ts). Then the
 * notifications of the clock: devices silent past each user's delay, back online after such a
 * notice, consumables under each user's percentage (core/src/notifications/watch.ts).
 */
export function createDeviceWatchTask({
  db,
  logger,
  io,
  clock = systemClock,
  channels,
  mailQueue,
  webhookQueue,
  pushQueue,
}: {
  db: Database;
  logger: Logger;
  io?: RealtimeServer;
  clock?: Clock;
  /** Channels besides in-app (e-mail outbox), recorded with the notifications. */
  channels?: ChannelHook;
  /** Producer of the mail queue: notification mails are queued once committed. */
  mailQueue?: Queue<JobData['mail']>;
  /** Producer of the webhooks queue: deliveries are queued once committed. */
  webhookQueue?: Queue<JobData['webhooks']>;
  /** Producer of the push queue: one job per subscription, queued once committed. */
  pushQueue?: Queue<JobData['push']>;
}) {
  return async function watchDevices(
    _job?: Job<JobData['device-watch']>,
  ): Promise<DeviceWatchResult> {
    const now = clock.now();
    // Rows are locked in id order, as the ingest flush locks sensors: the two never deadlock.
    // The condition is checked again on the locked row, so a device heard from meanwhile stays.
    const stale = (table: 'purifiers' | 'sensors') => `
      WITH lost AS (
        SELECT id FROM ${table}
         WHERE wifi_state = 'connected'
           AND last_seen_at < $1::timestamptz - make_interval(secs => ${CONNECTED_INTERVALS} * reporting_interval_s)
         ORDER BY id FOR UPDATE)
      UPDATE ${table} t SET wifi_state = 'disconnected' FROM lost WHERE t.id = lost.id
      RETURNING t.id, t.last_seen_at`;
    const [lostPurifiers, lostSensors] = await Promise.all([
      db.$client.query<{ id: string; last_seen_at: Date }>(stale('purifiers'), [now]),
      db.$client.query<{ id: string; last_seen_at: Date }>(stale('sensors'), [now]),
    ]);
    const transitions = [
      ...lostPurifiers.rows.map((r) => ({ deviceKind: 'purifier' as const, id: r.id })),
      ...lostSensors.rows.map((r) => ({ deviceKind: 'sensor' as const, id: r.id })),
    ].map(({ deviceKind, id }) => ({
      deviceKind,
      deviceId: id,
      type: 'wifi' as const,
      from: 'connected',
      to: 'disconnected',
      at: now,
    }));
    await recordDeviceEvents(db, transitions);
    if (io && lostPurifiers.rows.length > 0) {
      // One array parameter, whatever the number of purifiers (a fleet-wide outage included).
      const rows: PurifierRow[] = await db
        .select()
        .from(purifiers)
        .where(
          sql`${purifiers.id} = ANY(${sql.param(lostPurifiers.rows.map((r) => r.id))}::text[])`,
        );
      for (const row of rows) pushPurifier(io, row);
    }
    if (io)
      pushSensorsWifi(
        io,
        lostSensors.rows.map((r) => ({ id: r.id, lastSeenAt: r.last_seen_at })),
        'disconnected',
      );
    if (transitions.length > 0)
      logger.info(
        { purifiers: lostPurifiers.rows.length, sensors: lostSensors.rows.length },
        'devices disconnected',
      );
    // The fleet view's counts: the changes the triggers appended since the last run, folded in.
    await foldFleetCounts(db);
    const notified = await recordWatchNotifications(db, now, channels);
    if (mailQueue) await dispatchNotificationMails(mailQueue, notified);
    if (pushQueue) await dispatchPushMessages(db, pushQueue, notified);
    if (webhookQueue) {
      await dispatchWebhookDeliveries(db, webhookQueue, notified);
      // Deliveries whose job was lost (Redis down at commit time) are queued again.
      for (const id of await pendingDeliveries(db))
        await webhookQueue.add('deliver', { deliveryId: id }, { jobId: id }).catch(() => undefined);
    }
    if (io && notified.length > 0)
      await announceNotifications(db, io, notified).catch((err: unknown) =>
        logger.warn({ err }, 'notification announcement failed (they are committed)'),
      );
    return {
      purifiers: lostPurifiers.rows.length,
      sensors: lostSensors.rows.length,
      notifications: notified.length,
    };
  };
}
