import { Router } from 'express';
import { registrationSchema } from '@aircloud/shared/auth';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import type { ValidationCode } from '@aircloud/shared/users';
import type { AppContext } from '../../context.ts';
import { iri } from '../../http/jsonld.ts';
import { parseBody } from '../../http/validate.ts';
import { register, validationCodeEmail } from './service.ts';

/** Self-registration and validation-code lookup, mounted at /api. */
export function registrationRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/registration', async (req, res) => {
    const input = parseBody(registrationSchema, req);
    const user = await register(ctx, input, input.lang ?? pickLanguage(req.get('accept-language')));
    res
      .status(201)
      .location(iri('users', user.id))
      .json({ '@id': iri('users', user.id), '@type': 'User', ulid: user.id, email: user.email });
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
