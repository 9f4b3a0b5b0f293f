import { Router } from 'express';
import {
  activateSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
} from '@aircloud/shared/auth';
import type { AppContext } from '../../context.ts';
import { refuseMalformedAuthorization } from '../../http/authenticate.ts';
import { noStore } from '../../http/no-store.ts';
import { forgotPasswordRateLimit, loginRateLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { currentMe } from '../me/service.ts';
import { REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies.ts';
import * as auth from './service.ts';

function refreshCookie(cookies: unknown): string | undefined {
  const value = (cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The security calls of docs/api.md, mounted at /security. */
export function securityRoutes(ctx: AppContext): Router {
  const router = Router();
  // These calls read cookies only: a malformed Authorization header is refused, not ignored.
  router.use(refuseMalformedAuthorization);

  router.post('/token/request', loginRateLimit(ctx.redis, ctx.config), async (req, res) => {
    const input = parseBody(loginSchema, req);
    setSessionCookies(res, ctx.config, await auth.login(ctx, input));
    res.status(204).end();
  });

  router.post('/token/refresh', async (req, res) => {
    try {
      setSessionCookies(res, ctx.config, await auth.refresh(ctx, refreshCookie(req.cookies)));
    } catch (err) {
      clearSessionCookies(res, ctx.config);
      throw err;
    }
    res.status(204).end();
  });

  router.get('/logout', async (req, res) => {
    await auth
      .logout(ctx, refreshCookie(req.cookies))
      .catch((err: unknown) => req.log.warn({ err }, 'logout could not revoke'));
    clearSessionCookies(res, ctx.config);
    res.status(204).end();
  });

  router.post(
    '/forgot-password',
    forgotPasswordRateLimit(ctx.redis, ctx.config),
    async (req, res) => {
      const { email } = parseBody(forgotPasswordSchema, req);
      await auth.forgotPassword(ctx, email);
      res.status(204).end();
    },
  );

  router.post('/reset-password', async (req, res) => {
    await auth.resetPassword(ctx, parseBody(resetPasswordSchema, req));
    res.status(204).end();
  });

  router.post('/activate', async (req, res) => {
    const { token } = parseBody(activateSchema, req);
    const { user, session } = await auth.activate(ctx, token);
    setSessionCookies(res, ctx.config, session);
    noStore(res);
    res.status(200).json(await currentMe(ctx, user));
  });

  return router;
}
