import { and, count, eq, sql } from 'drizzle-orm';
import { ulid } from '@aircloud/core/lib/ulid';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import {
  WEBHOOKS_PER_USER,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
} from '@aircloud/shared/notifications';
import { webhooks } from '@aircloud/core/db/schema';
import { AppError, fieldError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import { keyringOf } from '@aircloud/core/lib/keyring';
import { checkWebhookUrl, WebhookUrlError } from '@aircloud/core/notifications/webhook-address';
import {
  listDeliveries,
  listWebhooks as listRows,
  newWebhookSecret,
  webhookDeliveryPresenter,
  webhookPresenter,
} from '@aircloud/core/notifications/webhooks';
import type { UserRow } from '@aircloud/core/users/repository';
import type { AppContext } from '../../context.ts';

/** The caller's webhooks (never anybody else's), oldest first; secrets are not shown again. */
export async function listWebhooks(
  ctx: AppContext,
  user: UserRow,
): Promise<HydraCollection<Webhook>> {
  const rows = await listRows(ctx.db, user.id);
  return hydraCollection(
    '/api/webhooks',
    'Webhook',
    rows.map((r) => webhookPresenter(r)),
    rows.length,
    null,
  );
}

/**
 * Registers a webhook for the caller: the URL must be http(s), without credentials, resolvable
 * and public (every address) unless WEBHOOK_ALLOW_PRIVATE; the secret is generated when not
 * given and answered once.
 */
export async function createWebhook(
  ctx: AppContext,
  user: UserRow,
  input: WebhookInput,
): Promise<Webhook> {
  try {
    await checkWebhookUrl(input.url, ctx.config.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof WebhookUrlError) throw fieldError(err.key, 'url');
    throw err;
  }
  const secret = input.secret ?? newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    // One creation at a time per user, so the limit holds under concurrent posts.
    await tx.execute(sqlLock(user.id));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.userId, user.id));
    if (n >= WEBHOOKS_PER_USER) throw fieldError('webhook_limit', 'url');
    const [row] = await tx
      .insert(webhooks)
      .values({
        id: ulid(),
        userId: user.id,
        url: input.url,
        secretSealed: keyringOf(ctx.config, 'webhook-secret').seal(secret),
      })
      .returning();
    return webhookPresenter(row!, secret);
  });
}

function sqlLock(userId: string) {
  return sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${userId}`}))`;
}

/** One of the caller's webhooks (404 for anybody else's); its secret is not shown again. */
export async function getWebhook(ctx: AppContext, user: UserRow, id: string): Promise<Webhook> {
  const [row] = await ctx.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, user.id)));
  if (!row) throw new AppError(404, 'not_found');
  return webhookPresenter(row);
}

/** Deletes one of the caller's webhooks (404 for anybody else's: it is never revealed). */
export async function deleteWebhook(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, user.id)))
    .returning({ id: webhooks.id });
  if (deleted.length === 0) throw new AppError(404, 'not_found');
}

/** The delivery log of one of the caller's webhooks, newest first, 20 a page. */
export async function webhookDeliveries(
  ctx: AppContext,
  user: UserRow,
  id: string,
  page: number,
): Promise<HydraCollection<WebhookDelivery>> {
  const [hook] = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, user.id)));
  if (!hook) throw new AppError(404, 'not_found');
  const { rows, total } = await listDeliveries(ctx.db, id, page);
  return hydraCollection(
    `/api/webhooks/${id}/deliveries`,
    'WebhookDelivery',
    rows.map(webhookDeliveryPresenter),
    total,
    { page },
  );
}
