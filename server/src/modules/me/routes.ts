import { Router } from 'express';
import { editPasswordSchema } from '@aircloud/shared/auth';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth, requireBrowserSession } from '../../http/authenticate.ts';
import { noStore } from '../../http/no-store.ts';
import { passwordChangeRateLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import * as me from './service.ts';

/** The current user's calls, mounted at /api/me. */
export function meRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);
  // Wrong current passwords per user (docs/security.md): a stolen session cannot guess it.
  const passwordChangeLimit = passwordChangeRateLimit(ctx.redis, ctx.config);

  router.get('/', async (req, res) => {
    noStore(res).json(await me.currentMe(ctx, currentUser(req)));
  });

  router.post('/edit-password', passwordChangeLimit, async (req, res) => {
    const input = parseBody(editPasswordSchema, req);
    const browserFamily = req.authMethod === 'cookie' ? (req.sessionFamily ?? null) : null;
    const session = await me.editPassword(ctx, currentUser(req), input, browserFamily);
    if (session) setSessionCookies(res, ctx.config, session);
    res.status(204).end();
  });

  // Only a browser session mints a token: a leaked token must not renew itself.
  router.post('/generate-api-token', requireBrowserSession, async (req, res) => {
    const token = await me.generateApiToken(ctx, currentUser(req));
    noStore(res).status(200).json(token);
  });

  return router;
}
