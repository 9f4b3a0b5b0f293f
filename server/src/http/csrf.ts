import type { RequestHandler } from 'express';
import { AppError } from './app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the request uses a personal API token rather than the browser's cookies. */
export function isBearerRequest(authorization: string | undefined): boolean {
  return /^Bearer\s+\S+/i.test(authorization ?? '');
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing cookie requests coming from another site (docs/api.md): an Origin
 * outside the allowed list (and not this very host), or `Sec-Fetch-Site: cross-site`.
 * Bearer requests carry no ambient credentials and are exempt.
 */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  return (req, _res, next) => {
    const isLogout = req.method === 'GET' && req.path === '/security/logout';
    if (!STATE_CHANGING.has(req.method) && !isLogout) return next();
    if (isBearerRequest(req.get('authorization'))) return next();
    if (req.get('sec-fetch-site') === 'cross-site') return next(new AppError(403, 'csrf_origin'));
    const origin = req.get('origin');
    if (origin === undefined) return next();
    if (allowed.has(origin) || originHost(origin) === req.get('host')) return next();
    next(new AppError(403, 'csrf_origin'));
  };
}
