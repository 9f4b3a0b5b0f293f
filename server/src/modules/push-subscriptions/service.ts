import type {
  PushPublicKey,
  PushSubscriptionInfo,
  PushSubscriptionInput,
} from '@aircloud/shared/notifications';
import { AppError, fieldError } from '@aircloud/core/errors';
import {
  deletePushSubscription,
  pushSubscriptionPresenter,
  savePushSubscription,
} from '@aircloud/core/notifications/push';
import type { UserRow } from '@aircloud/core/users/repository';
import type { AppContext } from '../../context.ts';

/** The VAPID public key browsers subscribe with (null when this server has no push keys). */
export function pushPublicKey(ctx: AppContext): PushPublicKey {
  return { public_key: ctx.config.vapid?.publicKey ?? null };
}

/**
 * Registers the caller's browser for Web Push, idempotent on the endpoint (the same one again
 * renews its keys). The endpoint must be https (WEBHOOK_ALLOW_PRIVATE lets a local push service
 * in http, for development and tests).
 */
export async function subscribe(
  ctx: AppContext,
  user: UserRow,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<{ subscription: PushSubscriptionInfo; created: boolean }> {
  if (!ctx.config.vapid) throw new AppError(503, 'push_unavailable');
  if (!input.endpoint.toLowerCase().startsWith('https://') && !ctx.config.webhookAllowPrivate)
    throw fieldError('push_endpoint_invalid', 'endpoint');
  const saved = await savePushSubscription(ctx.db, user.id, input, userAgent);
  if (!saved) throw fieldError('push_subscription_limit', 'endpoint');
  return { subscription: pushSubscriptionPresenter(saved.row), created: saved.created };
}

/** Ends the caller's subscription of this endpoint (404 when the caller has none such). */
export async function unsubscribe(ctx: AppContext, user: UserRow, endpoint: string): Promise<void> {
  if (!(await deletePushSubscription(ctx.db, user.id, endpoint)))
    throw new AppError(404, 'not_found');
}
