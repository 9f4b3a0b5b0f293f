import { Router } from 'express';
import { registrationSchema, resendActivationSchema } from '@aircloud/shared/auth';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import type { ValidationCode } from '@aircloud/shared/users';
import type { AppContext } from '../../context.ts';
import { iri } from '@aircloud/core/jsonld';
import { activationMailRateLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { register, resendActivation, validationCodeEmail } from './service.ts';

/** Self-registration and validation-code lookup, mounted at /api. */
export function registrationRoutes(ctx: AppContext): Router {
  const router = Router();
  // Both mail an activation link: one counter per address and per inbox (docs/security.md).
  const activationMailLimit = activationMailRateLimit(ctx.redis, ctx.config);

  router.post('/registration', activationMailLimit, async (req, res) => {
    const input = parseBody(registrationSchema, req);
    const user = await register(ctx, input, input.lang ?? pickLanguage(req.get('accept-language')));
    res
      .status(201)
      .location(iri('users', user.id))
      .json({ '@id': iri('users', user.id), '@type': 'User', ulid: user.id, email: user.email });
  });

  router.post('/registration/resend', activationMailLimit, async (req, res) => {
    const { email } = parseBody(resendActivationSchema, req);
    await resendActivation(ctx, email);
    res.status(204).end();
  });

  router.get('/validation_codes/:code', async (req, res) => {
    const email = await validationCodeEmail(ctx, req.params.code);
    const body: ValidationCode = {
      '@id': iri('validation_codes', req.params.code),
      '@type': 'ValidationCode',
      email,
    };
    res.json(body);
  });

  return router;
}
