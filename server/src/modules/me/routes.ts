import { Router } from 'express';
import { editPasswordSchema } from '@aircloud/shared/auth';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import * as me from './service.ts';

/** The current user's calls, mounted at /api/me. */
export function meRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    res.json(await me.currentMe(ctx, currentUser(req)));
  });

  router.post('/edit-password', async (req, res) => {
    const input = parseBody(editPasswordSchema, req);
    const session = await me.editPassword(
      ctx,
      currentUser(req),
      input,
      req.authMethod === 'cookie',
    );
    if (session) setSessionCookies(res, ctx.config, session);
    res.status(204).end();
  });

  router.post('/generate-api-token', async (req, res) => {
    res.status(200).json(await me.generateApiToken(ctx, currentUser(req)));
  });

  return router;
}
