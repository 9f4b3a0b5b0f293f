import { createHmac, randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { Webhook, WebhookDelivery } from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import { pageOffset } from '../db/sql.ts';
import { webhookDeliveries, webhooks } from '../db/schema/index.ts';
import { iri } from '../jsonld.ts';
import type { JobData } from '../queues.ts';
import { deferredDelayMs } from './quiet-hours.ts';
import type { ChannelHook, NotificationRow } from './record.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A fresh shared secret (256 bits, base64url). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The signature of a delivery: HMAC-SHA256 with the webhook's secret over `<timestamp>.<body>`
 * (timestamp in Unix seconds, the exact bytes of the body), hex, sent as
 * `X-AirCloud-Signature: t=<timestamp>,v1=<hex>` with `X-AirCloud-Timestamp: <timestamp>`.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function webhookPresenter(row: WebhookRow, secret?: string): Webhook {
  return {
    '@id': iri('webhooks', row.id),
    '@type': 'Webhook',
    id: row.id,
    url: row.url,
    enabled: row.enabled,
    consecutive_failures: row.consecutiveFailures,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    ...(secret ? { secret } : {}),
  };
}

export function webhookDeliveryPresenter(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    '@id': `${iri('webhooks', row.webhookId)}/deliveries/${row.id}`,
    '@type': 'WebhookDelivery',
    id: row.id,
    notification: iri('notifications', row.notificationId),
    status: row.status,
    attempts: row.attempts,
    status_code: row.statusCode,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * The webhook channel: one `webhook_deliveries` row per enabled webhook of the recipient, in
 * the transaction of the notification; the worker's DeliverWebhook task posts it.
 */
export const webhookChannel: ChannelHook = async (tx, row, channels) => {
  if (!channels.includes('webhook')) return;
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (id, webhook_id, notification_id)
    SELECT ${ulid()} || '-' || w.id, w.id, ${row.id} FROM webhooks w
     WHERE w.user_id = ${row.userId} AND w.enabled
    ON CONFLICT (webhook_id, notification_id) DO NOTHING`);
};

/** Several channel hooks as one. */
export function channelHooks(...hooks: ChannelHook[]): ChannelHook {
  return async (tx, row, channels) => {
    for (const hook of hooks) await hook(tx, row, channels);
  };
}

/**
 * After the commit: queues the pending deliveries of these notifications (job id = row id),
 * delayed to the end of the quiet hours that deferred them.
 */
export async function dispatchWebhookDeliveries(
  db: Pick<Database, 'select'>,
  queue: Queue<JobData['webhooks']>,
  rows: NotificationRow[],
): Promise<void> {
  for (const row of rows.filter((r) => r.channels.includes('webhook'))) {
    const deliveries = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.notificationId, row.id), eq(webhookDeliveries.status, 'pending')),
      );
    const delay = deferredDelayMs(row);
    for (const d of deliveries)
      await queue
        .add('deliver', { deliveryId: d.id }, { jobId: d.id, ...(delay > 0 ? { delay } : {}) })
        .catch(() => undefined);
  }
}

/**
 * Pending deliveries older than `olderThanMs` (lost jobs), for the sweep; those deferred by
 * quiet hours only once they are due.
 */
export async function pendingDeliveries(db: Database, olderThanMs = 60_000, limit = 500) {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT d.id FROM webhook_deliveries d JOIN notifications n ON n.id = d.notification_id
     WHERE d.status = 'pending'
       AND d.created_at < now() - make_interval(secs => ${olderThanMs / 1000})
       AND (n.deliver_after IS NULL OR n.deliver_after <= now())
     ORDER BY d.created_at LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/** The user's webhooks, oldest first. */
export async function listWebhooks(db: Pick<Database, 'select'>, userId: string) {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(webhooks.createdAt, webhooks.id);
}

/** One page of a webhook's deliveries, newest first, and the total. */
export async function listDeliveries(
  db: Pick<Database, 'select'>,
  webhookId: string,
  page: number,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
