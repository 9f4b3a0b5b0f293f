import { Router } from 'express';
import {
  createInvitationSchema,
  invitationsQuerySchema,
  updateInvitationSchema,
} from '@aircloud/shared/invitations';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { invitationRateLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as invitations from './service.ts';

/** Invitations sent and received by the signed-in user, mounted at /api/invitations. */
export function invitationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const query = invitationsQuerySchema.parse(req.query);
    res.json(await invitations.listFor(ctx, currentUser(req), query));
  });

  router.post('/', invitationRateLimit(ctx.redis, ctx.config), async (req, res) => {
    const user = currentUser(req);
    const input = parseBody(createInvitationSchema(user.email), req);
    res.status(201).json(await invitations.sendInvitations(ctx, user, input));
  });

  router.get('/:id', async (req, res) => {
    res.json(await invitations.getInvitation(ctx, currentUser(req), req.params.id));
  });

  router.patch('/:id', async (req, res) => {
    const input = parseBody(updateInvitationSchema, req);
    res.json(await invitations.updateInvitation(ctx, currentUser(req), req.params.id, input));
  });

  router.post('/:id/accept', async (req, res) => {
    res.json(await invitations.answerInvitation(ctx, currentUser(req), req.params.id, 'accepted'));
  });

  router.post('/:id/refuse', async (req, res) => {
    await invitations.answerInvitation(ctx, currentUser(req), req.params.id, 'refused');
    res.status(204).end();
  });

  router.delete('/:id', async (req, res) => {
    await invitations.endInvitation(ctx, currentUser(req), req.params.id);
    res.status(204).end();
  });

  return router;
}
