import type { CookieOptions, Response } from 'express';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import type { Config } from '@aircloud/core/config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/**
 * A cookie the page can read, holding no secret: "a session may exist". It lives as long as the
 * refresh cookie and goes with it, so the client asks /api/me (and refreshes) only when a
 * session can exist: an anonymous visitor's pages make no 401 call. It decides nothing on the
 * server (every request is still authenticated by the HttpOnly cookies); forging it only brings
 * back the 401 of an anonymous /api/me.
 */
export const SESSION_HINT_COOKIE = 'session_hint';

function accessOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies };
}

function refreshOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/security', secure: config.secureCookies };
}

function hintOptions(config: Config): CookieOptions {
  return { httpOnly: false, sameSite: 'lax', path: '/', secure: config.secureCookies };
}

/** Sets the two session cookies of docs/api.md, and the readable session hint. */
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
  res.cookie(SESSION_HINT_COOKIE, '1', {
    ...hintOptions(config),
    maxAge: REFRESH_TOKEN_TTL_SECONDS * 1000,
  });
}

/** Removes both session cookies and the hint. */
export function clearSessionCookies(res: Response, config: Config): void {
  res.clearCookie(ACCESS_COOKIE, accessOptions(config));
  res.clearCookie(REFRESH_COOKIE, refreshOptions(config));
  res.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}
