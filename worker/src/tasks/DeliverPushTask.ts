import type { Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import {
  completePreferences,
  PUSH_TTL_S,
  type NotificationPreferences,
  type NotificationType,
  type PushMessage,
} from '@aircloud/shared/notifications';
import type { Database } from '@aircloud/core/db/client';
import { notifications, pushSubscriptions } from '@aircloud/core/db/schema';
import type { JobData } from '@aircloud/core/queues';
import { seesMachineSql } from '@aircloud/core/notifications/audience';
import { WebhookUrlError } from '@aircloud/core/notifications/webhook-address';
import { postChecked } from '../http/post-checked.ts';
import { notificationTexts } from '../mail/templates/notification.ts';

interface DeliverPushDeps {
  db: Database;
  logger: Logger;
  /** The VAPID keys and subject of this server (config); null: push is off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  publicUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE: a push service on a private or loopback address (tests, demo). */
  allowPrivate: boolean;
  /** How long a push service may take to answer. */
  timeoutMs?: number;
  now?: () => Date;
}

export type DeliverPushResult =
  | { status: 'delivered'; statusCode: number }
  | { status: 'gone'; statusCode: number }
  | { status: 'failed'; statusCode: number | null; error: string }
  | {
      status: 'skipped';
      reason: 'unknown' | 'not_the_recipient' | 'access_ended' | 'push_unavailable';
    };

/** A push service's answer worth another attempt (429, 5xx) or no answer at all. */
class PushError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

/**
 * The DeliverPush task (job `{notificationId, subscriptionId}` on `push`): one notification to
 * one browser, encrypted to the subscription's keys (RFC 8291, aes128gcm, by `web-push`) and
 * signed with this server's VAPID key (RFC 8292), posted to the push service with a TTL and, for
 * a triggered alert, urgency high. The message is JSON `{id, type, title, body, url}` with the
 * texts of the notification mail in the recipient's language. 404 or 410 from the push service:
 * the subscription is gone and deleted. 429, 5xx or no answer: retried with the queue's backoff;
 * another 4xx is recorded and not retried. At delivery time it checks again that the recipient
 * still sees the machine, and the endpoint's addresses as for webhooks (SSRF).
 */
export function createDeliverPushTask({
  db,
  logger,
  vapid,
  publicUrl,
  allowPrivate,
  timeoutMs = 10_000,
  now = () => new Date(),
}: DeliverPushDeps) {
  return async function deliverPush(
    job: Pick<Job<JobData['push']>, 'data' | 'attemptsMade' | 'opts'>,
  ): Promise<DeliverPushResult> {
    const { notificationId, subscriptionId } = job.data;
    if (!vapid) return { status: 'skipped', reason: 'push_unavailable' };
    const [row] = await db
      .select({ subscription: pushSubscriptions, notification: notifications })
      .from(pushSubscriptions)
      .innerJoin(notifications, eq(notifications.id, notificationId))
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!row) return { status: 'skipped', reason: 'unknown' };
    const { subscription, notification } = row;
    // The endpoint moved to another user of the browser since: not theirs to read.
    if (subscription.userId !== notification.userId)
      return { status: 'skipped', reason: 'not_the_recipient' };
    if (!notification.machineKind || !notification.machineId)
      return { status: 'skipped', reason: 'unknown' };
    const { rows: seen } = await db.execute<{
      ok: boolean;
      lang: string;
      preferences: NotificationPreferences | null;
    }>(sql`
      SELECT ${seesMachineSql(
        sql`${notification.userId}`,
        notification.machineKind,
        sql`${notification.machineId}`,
      )} AS ok, u.lang, np.preferences
        FROM users u LEFT JOIN notification_preferences np ON np.user_id = u.id
       WHERE u.id = ${notification.userId}`);
    const recipient = seen[0];
    if (recipient?.ok !== true) return { status: 'skipped', reason: 'access_ended' };

    const lang = pickLanguage(recipient.lang);
    const type = notification.type as NotificationType;
    const { subject, lines } = notificationTexts(
      {
        type,
        payload: notification.payload,
        time_zone: completePreferences(recipient.preferences).time_zone,
      },
      lang,
    );
    const path = notification.machineKind === 'purifier' ? 'purifiers' : 'sensors';
    const message: PushMessage = {
      id: notification.id,
      type,
      title: subject,
      body: lines.join(' '),
      url: `${publicUrl}/${path}/${notification.machineId}`,
    };
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_S,
        urgency: type === 'alert_triggered' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );

    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const failed = async (statusCode: number | null, error: string) => {
      await db
        .update(pushSubscriptions)
        .set({ lastFailureAt: now(), lastError: error.slice(0, 300) })
        .where(eq(pushSubscriptions.id, subscription.id));
      return { status: 'failed' as const, statusCode, error };
    };
    let statusCode: number;
    try {
      statusCode = await postChecked(
        new URL(subscription.endpoint),
        request.body ?? Buffer.alloc(0),
        headers,
        allowPrivate,
        timeoutMs,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // An address refused (private, unresolvable) is not retried.
      if (err instanceof WebhookUrlError) return failed(null, err.key);
      await failed(null, message);
      if (final) return { status: 'failed', statusCode: null, error: message };
      throw new PushError(message, null);
    }
    if (statusCode >= 200 && statusCode < 300) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: now() })
        .where(eq(pushSubscriptions.id, subscription.id));
      return { status: 'delivered', statusCode };
    }
    if (statusCode === 404 || statusCode === 410) {
      // The browser unsubscribed or the subscription expired: it never comes back.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      logger.info({ subscriptionId }, `push subscription gone (${statusCode}), deleted`);
      return { status: 'gone', statusCode };
    }
    const error = `the push service answered ${statusCode}`;
    const result = await failed(statusCode, error);
    if (statusCode !== 429 && statusCode < 500) return result;
    if (final) return result;
    throw new PushError(error, statusCode);
  };
}
