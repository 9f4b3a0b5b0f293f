import type { CookieOptions, Response } from 'express';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import type { Config } from '@aircloud/core/config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

function accessOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies };
}

function refreshOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/security', secure: config.secureCookies };
}

/** Sets the two session cookies of docs/api.md. */
export function setSessionCookies(
  res: Response,
  config: Config,
  tokens: { accessToken: string; refreshToken: string },
): void {
  res.cookie(ACCESS_COOKIE, tokens.accessToken, {
    ...accessOptions(config),
    maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  res.cookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...refreshOptions(config),
    maxAge: REFRESH_TOKEN_TTL_SECONDS * 1000,
  });
}

/** Removes both session cookies. */
export function clearSessionCookies(res: Response, config: Config): void {
  res.clearCookie(ACCESS_COOKIE, accessOptions(config));
  res.clearCookie(REFRESH_COOKIE, refreshOptions(config));
}
