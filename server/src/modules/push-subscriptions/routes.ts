import { Router } from 'express';
import {
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
} from '@aircloud/shared/notifications';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as push from './service.ts';

/** The caller's Web Push subscriptions, mounted at /api/me. */
export function pushSubscriptionRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/push_public_key', requireAuth, (_req, res) => {
    res.json(push.pushPublicKey(ctx));
  });

  router.post('/push_subscriptions', requireAuth, async (req, res) => {
    const input = parseBody(pushSubscriptionInputSchema, req);
    const { subscription, created } = await push.subscribe(
      ctx,
      currentUser(req),
      input,
      req.get('user-agent') ?? null,
    );
    res.status(created ? 201 : 200).json(subscription);
  });

  // The endpoint in the body, or in `?endpoint=` (clients that send no body with DELETE).
  router.delete('/push_subscriptions', requireAuth, async (req, res) => {
    const { endpoint } =
      req.query.endpoint !== undefined
        ? pushSubscriptionDeleteSchema.parse({ endpoint: req.query.endpoint })
        : parseBody(pushSubscriptionDeleteSchema, req);
    await push.unsubscribe(ctx, currentUser(req), endpoint);
    res.status(204).end();
  });

  return router;
}
