import type { RequestHandler } from 'express';
import { hasRole, type Role } from '@aircloud/shared/roles';
import type { AppContext } from '../context.ts';
import { sha256 } from '@aircloud/core/lib/crypto';
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts';
import { findUserInLiveFamily } from '../modules/auth/repository.ts';
import { findUserByApiTokenHash, type UserRow } from '@aircloud/core/users/repository';
import { AppError } from '@aircloud/core/errors';
import type { SessionCache } from './session-cache.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, loaded from the database for this request. */
    user?: UserRow;
    /** How the user authenticated: the browser session cookie or a personal API token. */
    authMethod?: 'cookie' | 'bearer';
    /** The refresh family of a cookie session (the browser), for ending exactly that session. */
    sessionFamily?: string;
  }
}

/** Who a credential belongs to: the enabled user, and the session family of a cookie. */
export interface ResolvedCaller {
  user: UserRow;
  /** The refresh family of an access token; null for a personal API token. */
  familyId: string | null;
}

/**
 * Finds the enabled user behind an access-token JWT or a personal API token; null otherwise.
 * One query either way (an access token counts only while its refresh family is live), or only
 * a shared empty barrier while the session cache holds the answer (http/session-cache.ts:
 * forgotten at any change committed before the request).
 */
export async function resolveUser(
  ctx: Pick<AppContext, 'db' | 'accessTokens'> & { sessions?: SessionCache },
  credentials: { accessToken?: string; apiToken?: string },
): Promise<ResolvedCaller | null> {
  let key: string | undefined;
  let lookup: (() => Promise<ResolvedCaller | null>) | undefined;
  if (credentials.apiToken) {
    const hash = sha256(credentials.apiToken);
    key = `api:${hash}`;
    lookup = async () => {
      const user = await findUserByApiTokenHash(ctx.db, hash);
      return user ? { user, familyId: null } : null;
    };
  } else if (credentials.accessToken) {
    // The signature and expiry are checked at every request; only the user is cached.
    const claims = await ctx.accessTokens.verify(credentials.accessToken);
    if (claims) {
      key = `access:${claims.sub}:${claims.fid}`;
      lookup = async () => {
        const user = await findUserInLiveFamily(ctx.db, claims.sub, claims.fid);
        return user ? { user, familyId: claims.fid } : null;
      };
    }
  }
  if (!key || !lookup) return null;
  const cached = await ctx.sessions?.get(key);
  // A copy: nothing a request does to its user reaches the next one.
  if (cached) return { user: { ...cached.user }, familyId: cached.familyId };
  const generation = ctx.sessions?.generation ?? 0;
  const caller = await lookup();
  if (!caller?.user.enabled) return null;
  ctx.sessions?.set(key, caller, generation);
  return caller;
}

/**
 * What an Authorization header says: none sent, a well-formed `Bearer <token>`, or anything
 * else (`Basic …`, `Bearer` alone, `Bearer x y`), which is refused rather than ignored.
 */
export type Authorization =
  { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'malformed' };

/** Reads an Authorization header. */
export function parseAuthorization(header: string | undefined): Authorization {
  if (header === undefined) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ? { kind: 'bearer', token: match[1] } : { kind: 'malformed' };
}

/**
 * 401 `unauthorized` for an Authorization header that is not a well-formed Bearer token: such
 * a request never falls back to the cookie (nor skips the origin check as a Bearer one).
 */
export const refuseMalformedAuthorization: RequestHandler = (req, _res, next) => {
  const authorization = parseAuthorization(req.get('authorization'));
  next(authorization.kind === 'malformed' ? new AppError(401, 'unauthorized') : undefined);
};

/**
 * Sets `req.user` from the Bearer API token or else the access_token cookie; refuses only a
 * malformed Authorization header (401); a missing or unknown credential leaves `req.user` unset.
 */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const authorization = parseAuthorization(req.get('authorization'));
    if (authorization.kind === 'malformed') return next(new AppError(401, 'unauthorized'));
    const apiToken = authorization.kind === 'bearer' ? authorization.token : undefined;
    const accessToken = (req.cookies as Record<string, string | undefined>)[ACCESS_COOKIE];
    const caller = await resolveUser(ctx, apiToken ? { apiToken } : { accessToken });
    if (caller) {
      req.user = caller.user;
      req.authMethod = apiToken ? 'bearer' : 'cookie';
      if (caller.familyId) req.sessionFamily = caller.familyId;
    }
    next();
  };
}

/** 401 `unauthorized` unless a user is signed in. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new AppError(401, 'unauthorized'));
};

/**
 * 403 `forbidden` unless the caller signed in through the browser session (cookie): what a
 * personal API token must not do, such as minting its own replacement.
 */
export const requireBrowserSession: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, 'unauthorized'));
  next(req.authMethod === 'cookie' ? undefined : new AppError(403, 'forbidden'));
};

/** 401 when signed out, 403 `forbidden` when the user's role is below `role`. */
export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new AppError(401, 'unauthorized'));
    next(hasRole(req.user.role as Role, role) ? undefined : new AppError(403, 'forbidden'));
  };
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentUser(req: { user?: UserRow }): UserRow {
  if (!req.user) throw new AppError(401, 'unauthorized');
  return req.user;
}
