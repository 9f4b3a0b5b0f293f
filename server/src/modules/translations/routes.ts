import { Router } from 'express';
import type { Language } from '@aircloud/shared/constants';
import type { Violation } from '@aircloud/shared/errors';
import { isLanguage, translationOverrideWriteSchema } from '@aircloud/shared/translations';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { currentUser, requireRole } from '../../http/authenticate.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as translations from './service.ts';

/** The `:lang` and `:key` path parameters of a write; 422 naming the bad one(s). */
function overrideTarget(params: Record<string, unknown>): { lang: Language; key: string } {
  const { lang, key } = params;
  const violations: Violation[] = [];
  if (!isLanguage(lang))
    violations.push({ propertyPath: 'lang', code: 'invalid_choice', message: '' });
  if (typeof key !== 'string' || !translations.isCatalogueKey(key))
    violations.push({ propertyPath: 'key', code: 'invalid_choice', message: '' });
  if (violations.length > 0) throw new AppError(422, 'validation_failed', violations);
  return { lang: lang as Language, key: key as string };
}

/** The translations screen (admins) and the public overrides every client loads, at /api/translations. */
export function translationRoutes(ctx: AppContext): Router {
  const router = Router();
  const admin = requireRole('ROLE_ADMIN');

  router.get('/', admin, async (_req, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await translations.translationCatalogue(ctx));
  });

  // Public: loaded by every browser with its catalogue, revalidated with the ETag.
  router.get('/:lang/overrides', (req, res) => {
    const { lang } = req.params;
    if (!isLanguage(lang)) throw new AppError(404, 'not_found');
    const { body, etag } = translations.publicOverrides(lang);
    res.set('Cache-Control', 'public, no-cache').set('ETag', etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.json(body);
  });

  router.put('/:lang/:key', admin, async (req, res) => {
    const { lang, key } = overrideTarget(req.params);
    const { text } = parseBody(translationOverrideWriteSchema, req);
    res.json(await translations.saveOverride(ctx, currentUser(req), lang, key, text));
  });

  router.delete('/:lang/:key', admin, async (req, res) => {
    const { lang, key } = overrideTarget(req.params);
    await translations.revertOverride(ctx, currentUser(req), lang, key);
    res.status(204).end();
  });

  return router;
}
