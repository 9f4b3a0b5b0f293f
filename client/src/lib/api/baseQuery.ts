import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { currentLanguage } from '../i18n/i18n.ts';
import { navigateTo, currentRouteName } from '../navigation/navigator.ts';
import { PATHS } from '../navigation/routeNames.ts';
import { loggedOut } from '../session/sessionSlice.ts';
import { purged } from '../notifications/notificationsSlice.ts';
import type { CoreState } from '../storeHooks.ts';
import { httpStatusOf } from './errorMessage.ts';

/** Per-endpoint options of the base query. */
export interface ApiExtraOptions {
  /** false: 404 and 5xx stay with the caller (inline errors) instead of opening the Error page. */
  globalErrors?: boolean;
}

export const ME_PATH = '/api/me';
export const LOGIN_PATH = '/security/token/request';
export const REFRESH_PATH = '/security/token/refresh';
export const LOGOUT_PATH = '/security/logout';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  // JSON-LD and merge-patch bodies are JSON too.
  isJsonContentType: (headers) => /[/+]json\b/.test(headers.get('content-type') ?? ''),
});

/** Adds the JSON-LD, merge-patch and language headers of spec section 7. */
function withHeaders(args: FetchArgs): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/ld+json');
  headers.set('Accept-Language', currentLanguage());
  const hasJsonBody = args.body !== undefined && !(args.body instanceof FormData);
  if (hasJsonBody && !headers.has('Content-Type')) {
    const patch = (args.method ?? 'GET').toUpperCase() === 'PATCH';
    headers.set('Content-Type', patch ? 'application/merge-patch+json' : 'application/ld+json');
  }
  return { ...args, headers };
}

/** Login and refresh answers are passed on untouched: retrying them would loop. */
function isTokenCall(url: string): boolean {
  return url.startsWith('/security/');
}

function isMeFetch(args: FetchArgs): boolean {
  return args.url.split('?')[0] === ME_PATH && (args.method ?? 'GET').toUpperCase() === 'GET';
}

let refreshInFlight: Promise<boolean> | null = null;

/** One refresh shared by every call that failed meanwhile. */
function refreshOnce(api: BaseQueryApi): Promise<boolean> {
  refreshInFlight ??= Promise.resolve(rawBaseQuery(withHeaders({ url: REFRESH_PATH, method: 'POST' }), api, {}))
    .then((result) => !result.error)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** Forced logout: session closed, stored notifications purged, back to Login. */
export function forceLogout(dispatch: BaseQueryApi['dispatch']): void {
  const from = currentRouteName();
  dispatch(loggedOut());
  dispatch(purged());
  const here = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
  const keep = from && from !== 'Login' && here.startsWith('/') && !here.startsWith('/error');
  navigateTo(keep ? `${PATHS.login}?redirect=${encodeURIComponent(here)}` : PATHS.login);
}

function isAuthFailure(error: FetchBaseQueryError | undefined): boolean {
  const status = httpStatusOf(error);
  return status === 401 || status === 403;
}

/**
 * The base query of the api slice: headers of spec section 7, refresh-and-replay-once on 401/403,
 * forced logout when that fails, and the global Error page for network failures, 404 and 5xx.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  rawArgs,
  api,
  extraOptions = {},
) => {
  const args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  let result = await rawBaseQuery(withHeaders(args), api, {});

  if (isAuthFailure(result.error) && !isTokenCall(args.url)) {
    const refreshed = await refreshOnce(api);
    if (refreshed) result = await rawBaseQuery(withHeaders(args), api, {});
    if (!refreshed || isAuthFailure(result.error)) {
      // Without a session there is nothing to close: the caller (the guard) decides.
      if ((api.getState() as CoreState).session.authState === 'authenticated') forceLogout(api.dispatch);
      return result;
    }
  }

  const error = result.error;
  if (!error) return result;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    navigateTo(PATHS.error('network-error'));
    return result;
  }
  const status = httpStatusOf(error);
  if (status !== null && status >= 500 && isMeFetch(args)) {
    // A broken session must not lock the user out: clear the HttpOnly cookies through the server.
    await rawBaseQuery(withHeaders({ url: LOGOUT_PATH }), api, {});
    return result;
  }
  if (extraOptions.globalErrors === false) return result;
  if (status === 404) navigateTo(PATHS.error(404));
  else if (status !== null && status >= 500) navigateTo(PATHS.error(500));
  return result;
};
