import express, { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { noStore } from '../../http/no-store.ts';
import { merakiWebhookRateLimit } from '../../http/rate-limit.ts';
import './openapi.ts';
import {
  getPurifierNetworkEvent,
  listPurifierNetworkEvents,
  merakiSettings,
  networkEventsQuerySchema,
  receiveMerakiWebhook,
  rotateMerakiSecret,
} from './service.ts';

/** A purifier's Meraki settings and event history, mounted at /api/purifiers. */
export function merakiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  // Both answers may carry the shared secret: never cached.
  router.get('/:ulid/meraki', async (req, res) => {
    noStore(res).json(await merakiSettings(ctx, currentUser(req), req.params.ulid));
  });

  router.post('/:ulid/meraki/rotate-secret', async (req, res) => {
    noStore(res).json(await rotateMerakiSecret(ctx, currentUser(req), req.params.ulid));
  });

  router.get('/:ulid/network_events/:id', async (req, res) => {
    res.json(await getPurifierNetworkEvent(ctx, currentUser(req), req.params.ulid, req.params.id));
  });

  router.get('/:ulid/network_events', async (req, res) => {
    const query = networkEventsQuerySchema.parse(req.query);
    res.json(await listPurifierNetworkEvents(ctx, currentUser(req), req.params.ulid, query));
  });

  return router;
}

/** Largest webhook body read (Meraki's are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = '64kb';

/**
 * The receiver Cisco Meraki posts to, mounted at /webhooks/meraki before the JSON parser: it
 * reads the raw body itself so a malformed one is logged rather than refused upstream.
 * Rate-limited per purifier.
 */
export function merakiWebhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/:ulid',
    merakiWebhookRateLimit(ctx.redis, ctx.config),
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await receiveMerakiWebhook(ctx, req.params.ulid as string, body);
      if (outcome.status !== 200) throw new AppError(outcome.status, outcome.key);
      res.status(200).json(outcome.body);
    },
  );
  return router;
}
