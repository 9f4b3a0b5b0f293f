import type { Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ulid } from '@aircloud/core/lib/ulid';
import {
  WEBHOOK_FAILURES_TO_DISABLE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@aircloud/shared/notifications';
import type { Database } from '@aircloud/core/db/client';
import { notifications, webhookDeliveries, webhooks } from '@aircloud/core/db/schema';
import { keyringOf, type AppSecrets } from '@aircloud/core/lib/keyring';
import type { JobData } from '@aircloud/core/queues';
import type { RealtimeServer } from '@aircloud/core/realtime/emitter';
import { announceNotifications } from '@aircloud/core/notifications/announce';
import { seesMachineSql } from '@aircloud/core/notifications/audience';
import { notificationPresenter } from '@aircloud/core/notifications/repository';
import { parseWebhookUrl, WebhookUrlError } from '@aircloud/core/notifications/webhook-address';
import { signWebhook } from '@aircloud/core/notifications/webhooks';
import { postChecked as post } from '../http/post-checked.ts';

interface DeliverWebhookDeps {
  db: Database;
  logger: Logger;
  secrets: AppSecrets;
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local addresses allowed (demo). */
  allowPrivate: boolean;
  io?: RealtimeServer;
  /** How long a receiver may take to answer. */
  timeoutMs?: number;
  now?: () => Date;
}

export type DeliverWebhookResult =
  | { status: 'delivered'; statusCode: number }
  | { status: 'failed'; statusCode: number | null; error: string }
  | {
      status: 'skipped';
      reason: 'unknown_delivery' | 'already_done' | 'webhook_disabled' | 'access_ended';
    };

/** An answer outside 2xx, or no answer: retried. */
class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

/**
 * The DeliverWebhook task (job `{deliveryId}` on `webhooks`): posts one notification to one
 * webhook, JSON signed with HMAC-SHA256 over `<timestamp>.<body>`. Idempotent (a delivery done
 * is not posted again; the body's `delivery` id lets a receiver drop a repeat). At delivery time
 * it checks again that the recipient still sees the machine and that the address is public.
 * An answer outside 2xx or no answer is recorded and retried with the queue's backoff; the last
 * attempt marks the delivery failed, and WEBHOOK_FAILURES_TO_DISABLE failures in a row disable
 * the webhook with an in-app notice to its user. Each delivery is its own job with a timeout:
 * a failing endpoint never holds up the others.
 */
export function createDeliverWebhookTask({
  db,
  logger,
  secrets,
  allowPrivate,
  io,
  timeoutMs = 5000,
  now = () => new Date(),
}: DeliverWebhookDeps) {
  const keyring = keyringOf(secrets, 'webhook-secret');

  async function fail(
    delivery: { id: string; webhookId: string; attempts: number },
    statusCode: number | null,
    error: string,
    final: boolean,
  ) {
    await db
      .update(webhookDeliveries)
      .set({
        attempts: delivery.attempts + 1,
        statusCode,
        error: error.slice(0, 500),
        lastAttemptAt: now(),
        ...(final ? { status: 'failed' as const } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!final) return;
    const disabled = await db.transaction(async (tx) => {
      const [hook] = await tx
        .update(webhooks)
        .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
        .where(eq(webhooks.id, delivery.webhookId))
        .returning();
      if (!hook || !hook.enabled || hook.consecutiveFailures < WEBHOOK_FAILURES_TO_DISABLE)
        return [];
      await tx
        .update(webhooks)
        .set({ enabled: false, disabledAt: now() })
        .where(eq(webhooks.id, hook.id));
      return tx
        .insert(notifications)
        .values({
          id: ulid(),
          userId: hook.userId,
          type: 'webhook_disabled',
          payload: {
            machine_name: '',
            webhook_url: hook.url,
            failures: hook.consecutiveFailures,
            last_error: error.slice(0, 200),
          },
          dedupeKey: `webhook_disabled:${hook.id}:${hook.consecutiveFailures}`,
        })
        .onConflictDoNothing()
        .returning();
    });
    if (disabled.length > 0) {
      logger.warn({ webhookId: delivery.webhookId }, 'webhook disabled after repeated failures');
      if (io) await announceNotifications(db, io, disabled).catch(() => undefined);
    }
  }

  return async function deliverWebhook(
    job: Pick<Job<JobData['webhooks']>, 'data' | 'attemptsMade' | 'opts'>,
  ): Promise<DeliverWebhookResult> {
    const { deliveryId } = job.data;
    const [row] = await db
      .select({ delivery: webhookDeliveries, webhook: webhooks, notification: notifications })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(notifications, eq(notifications.id, webhookDeliveries.notificationId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row) return { status: 'skipped', reason: 'unknown_delivery' };
    const { delivery, webhook, notification } = row;
    if (delivery.status !== 'pending') return { status: 'skipped', reason: 'already_done' };
    const end = async (reason: 'webhook_disabled' | 'access_ended') => {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', error: reason, lastAttemptAt: now() })
        .where(eq(webhookDeliveries.id, delivery.id));
      return { status: 'skipped' as const, reason };
    };
    if (!webhook.enabled || webhook.userId !== notification.userId) return end('webhook_disabled');
    if (notification.machineKind && notification.machineId) {
      const { rows } = await db.execute<{ ok: boolean }>(
        sql`SELECT ${seesMachineSql(
          sql`${notification.userId}`,
          notification.machineKind,
          sql`${notification.machineId}`,
        )} AS ok`,
      );
      if (rows[0]?.ok !== true) return end('access_ended');
    }

    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const secret = keyring.open(webhook.secretSealed)?.plain;
    if (!secret) {
      await fail(delivery, null, 'the secret cannot be opened with APP_SECRET', true);
      return { status: 'failed', statusCode: null, error: 'secret_unreadable' };
    }
    const timestamp = Math.floor(now().getTime() / 1000);
    const body = JSON.stringify({
      delivery: delivery.id,
      timestamp,
      notification: notificationPresenter(notification),
    });
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'AirCloud-Webhook/1',
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: `t=${timestamp},v1=${signWebhook(secret, timestamp, body)}`,
    };
    try {
      const statusCode = await post(
        parseWebhookUrl(webhook.url),
        body,
        headers,
        allowPrivate,
        timeoutMs,
      ).catch((err: unknown) => {
        if (err instanceof WebhookUrlError) throw err;
        throw new DeliveryError(err instanceof Error ? err.message : String(err), null);
      });
      if (statusCode < 200 || statusCode >= 300)
        throw new DeliveryError(`the receiver answered ${statusCode}`, statusCode);
      await db
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          attempts: delivery.attempts + 1,
          statusCode,
          error: null,
          lastAttemptAt: now(),
          deliveredAt: now(),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (webhook.consecutiveFailures > 0)
        await db
          .update(webhooks)
          .set({ consecutiveFailures: 0 })
          .where(eq(webhooks.id, webhook.id));
      return { status: 'delivered', statusCode };
    } catch (err) {
      // An address refused now (private, unresolvable) is not retried.
      if (err instanceof WebhookUrlError) {
        await fail(delivery, null, err.key, true);
        return { status: 'failed', statusCode: null, error: err.key };
      }
      const e = err as DeliveryError;
      await fail(delivery, e.statusCode ?? null, e.message, final);
      if (final) return { status: 'failed', statusCode: e.statusCode ?? null, error: e.message };
      throw e; // retried by the queue with its backoff
    }
  };
}
