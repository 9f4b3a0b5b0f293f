import type { Queue } from 'bullmq';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ulid } from '../lib/ulid.ts';
import {
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionInfo,
  type PushSubscriptionInput,
} from '@aircloud/shared/notifications';
import type { Database } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';
import type { JobData } from '../queues.ts';
import { deferredDelayMs } from './quiet-hours.ts';
import type { NotificationRow } from './record.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export function pushSubscriptionPresenter(row: PushSubscriptionRow): PushSubscriptionInfo {
  return {
    endpoint: row.endpoint,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    last_failure_at: row.lastFailureAt?.toISOString() ?? null,
  };
}

/**
 * Saves a browser's subscription for `userId`, idempotent on the endpoint: the same endpoint
 * again renews its keys; an endpoint last registered by another user of the same browser moves
 * to this one (a push service endpoint belongs to one browser profile, which now signs in as
 * this user). Answers the row and whether it is new, or null past the per-user limit.
 */
export async function savePushSubscription(
  db: Pick<Database, 'transaction'>,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<{ row: PushSubscriptionRow; created: boolean } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
    const [existing] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (!existing || existing.userId !== userId) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (n >= PUSH_SUBSCRIPTIONS_PER_USER) return null;
    }
    const values = {
      userId,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      userAgent: userAgent?.slice(0, 300) ?? null,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: ulid(), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, lastFailureAt: null, lastError: null },
      })
      .returning();
    return { row: row!, created: !existing };
  });
}

/** Ends one of the user's subscriptions by its endpoint; false when they have none such. */
export async function deletePushSubscription(
  db: Pick<Database, 'delete'>,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Access ends (account disabled): the user's browsers are told nothing more. */
export async function endPushSubscriptions(tx: Executor, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * After the commit: one job per notification handed to push and subscription of its recipient
 * (job id `<notification>-<subscription>`: queued twice, sent once), delayed to the end of the
 * quiet hours that deferred it. Each subscription is its own job, so a dead or slow browser
 * endpoint holds up no other.
 */
export async function dispatchPushMessages(
  db: Pick<Database, 'select'>,
  queue: Queue<JobData['push']>,
  rows: NotificationRow[],
): Promise<void> {
  const pushed = rows.filter((r) => r.channels.includes('push'));
  if (pushed.length === 0) return;
  const subscriptions = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.userId,
        pushed.map((r) => r.userId),
      ),
    );
  for (const row of pushed) {
    const delay = deferredDelayMs(row);
    for (const s of subscriptions.filter((x) => x.userId === row.userId))
      await queue
        .add(
          'push',
          { notificationId: row.id, subscriptionId: s.id },
          { jobId: `${row.id}-${s.id}`, ...(delay > 0 ? { delay } : {}) },
        )
        .catch(() => undefined);
  }
}
