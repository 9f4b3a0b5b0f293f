import type { Request, RequestHandler } from 'express';
import { AppError } from '@aircloud/core/errors';
import { parseAuthorization } from './authenticate.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when the request uses a personal API token rather than the browser's cookies: only a
 * well-formed `Bearer <token>` (the one `authenticate` reads); a malformed header is checked
 * like a cookie request, then refused by `authenticate`.
 */
export function isBearerRequest(authorization: string | undefined): boolean {
  return parseAuthorization(authorization).kind === 'bearer';
}

/** The origin (`scheme://host[:port]`) of an Origin or Referer value; null when unreadable. */
function originOf(value: string): { origin: string; host: string } | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? { origin: url.origin, host: url.host }
      : null;
  } catch {
    return null;
  }
}

/**
 * Where the browser says the request comes from: the Origin header, else the Referer (older
 * browsers and some same-origin requests omit Origin). `undefined` when neither is sent.
 */
function claimedOrigin(req: Request): string | undefined {
  return req.get('origin') ?? req.get('referer');
}

/**
 * True when a browser's Origin (or Referer) names an allowed origin (the `allowed` set, without
 * trailing slash) or the very host the request was sent to.
 */
export function isAllowedOrigin(
  allowed: ReadonlySet<string>,
  claimed: string,
  host: string | undefined,
): boolean {
  const from = originOf(claimed);
  return from !== null && (allowed.has(from.origin) || from.host === host);
}

/** The allowed origins as isAllowedOrigin takes them. */
export function allowedOriginSet(allowedOrigins: string[]): ReadonlySet<string> {
  return new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
}

/**
 * Refuses state-changing cookie requests coming from another site (docs/security.md): an Origin
 * (or, without one, a Referer) outside the allowed list and not this very host, `null` or
 * unreadable; `Sec-Fetch-Site: cross-site`; or `Sec-Fetch-Site: same-site` (a sibling
 * sub-domain) without an allowed Origin. A request with none of these headers cannot come from
 * a browser the client supports (they all send Origin or Sec-Fetch-Site on unsafe methods), so
 * scripts holding a cookie keep working. Bearer requests carry no ambient credentials and are
 * exempt.
 */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = allowedOriginSet(allowedOrigins);
  return (req, _res, next) => {
    const isLogout = req.method === 'GET' && req.path === '/security/logout';
    if (!STATE_CHANGING.has(req.method) && !isLogout) return next();
    if (isBearerRequest(req.get('authorization'))) return next();
    const site = req.get('sec-fetch-site');
    if (site === 'cross-site') return next(new AppError(403, 'csrf_origin'));
    const claimed = claimedOrigin(req);
    if (claimed === undefined) {
      return next(site === 'same-site' ? new AppError(403, 'csrf_origin') : undefined);
    }
    next(
      isAllowedOrigin(allowed, claimed, req.get('host'))
        ? undefined
        : new AppError(403, 'csrf_origin'),
    );
  };
}
