import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import { refreshTranslationOverrides } from '@aircloud/core/i18n/overrides-cache';

/** Middleware: keeps this process's overrides fresh before a route may translate an error. */
export function freshTranslationOverrides(db: Database, logger: Logger): RequestHandler {
  return (_req, _res, next) => {
    refreshTranslationOverrides(db, logger).then(() => next(), next);
  };
}
