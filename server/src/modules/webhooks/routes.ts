import { Router } from 'express';
import { webhookInputSchema } from '@aircloud/shared/notifications';
import { storedUlid } from '@aircloud/shared/ids';
import { pageParam } from '@aircloud/shared/pagination';
import { z } from 'zod';
import { AppError } from '@aircloud/core/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { noStore } from '../../http/no-store.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as service from './service.ts';

const pageQuery = z.object({ page: pageParam() });

function ulidParam(value: string): string {
  const id = storedUlid(value);
  if (!id) throw new AppError(404, 'not_found');
  return id;
}

/** The caller's outgoing webhooks, mounted at /api/webhooks. */
export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    res.json(await service.listWebhooks(ctx, currentUser(req)));
  });

  router.post('/', async (req, res) => {
    const input = parseBody(webhookInputSchema, req);
    const hook = await service.createWebhook(ctx, currentUser(req), input);
    // The secret is in this answer only.
    noStore(res).status(201).location(hook['@id']).json(hook);
  });

  router.get('/:id', async (req, res) => {
    res.json(await service.getWebhook(ctx, currentUser(req), ulidParam(req.params.id)));
  });

  router.delete('/:id', async (req, res) => {
    await service.deleteWebhook(ctx, currentUser(req), ulidParam(req.params.id));
    res.status(204).end();
  });

  router.get('/:id/deliveries', async (req, res) => {
    const { page } = pageQuery.parse(req.query);
    res.json(
      await service.webhookDeliveries(ctx, currentUser(req), ulidParam(req.params.id), page),
    );
  });

  return router;
}
