import type { RequestHandler } from 'express';
import { hasRole, type Role } from '@aircloud/shared/roles';
import type { AppContext } from '../context.ts';
import { sha256 } from '../lib/crypto.ts';
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts';
import { findUserByApiTokenHash, findUserById, type UserRow } from '../modules/users/repository.ts';
import { AppError } from './app-error.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, loaded from the database for this request. */
    user?: UserRow;
    /** How the user authenticated: the browser session cookie or a personal API token. */
    authMethod?: 'cookie' | 'bearer';
  }
}

/** Finds the enabled user behind an access-token JWT or a personal API token; null otherwise. */
export async function resolveUser(
  ctx: Pick<AppContext, 'db' | 'accessTokens'>,
  credentials: { accessToken?: string; apiToken?: string },
): Promise<UserRow | null> {
  let user: UserRow | undefined;
  if (credentials.apiToken) {
    user = await findUserByApiTokenHash(ctx.db, sha256(credentials.apiToken));
  } else if (credentials.accessToken) {
    const claims = await ctx.accessTokens.verify(credentials.accessToken);
    if (claims) user = await findUserById(ctx.db, claims.sub);
  }
  return user?.enabled ? user : null;
}

/** Reads the bearer token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Sets `req.user` from the Bearer API token or the access_token cookie; never refuses. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const apiToken = bearerToken(req.get('authorization'));
    const accessToken = (req.cookies as Record<string, string | undefined>)[ACCESS_COOKIE];
    const user = await resolveUser(ctx, apiToken ? { apiToken } : { accessToken });
    if (user) {
      req.user = user;
      req.authMethod = apiToken ? 'bearer' : 'cookie';
    }
    next();
  };
}

/** 401 `unauthorized` unless a user is signed in. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new AppError(401, 'unauthorized'));
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
