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
import { loggedOut, type SessionState } from '../session/sessionSlice.ts';
import { purged } from '../notifications/notificationsSlice.ts';
import { httpStatusOf } from './errorMessage.ts';
import { requestUrl, takeEarlyAnswer } from './earlyAnswers.ts';

/** Per-endpoint options of the base query. */
export interface ApiExtraOptions {
  /**
   * false: 404 and 5xx stay with the caller instead of opening the Error page at once (the
   * screen's ListError / ListStates still route them). Mutations never open it.
   */
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

/**
 * Whether a session can exist: the server sets a readable `session_hint` cookie (no secret) with
 * the session cookies and clears it with them. Without it, asking who is signed in or refreshing
 * can only answer 401, an error in the console of every anonymous page.
 */
export function mayHaveSession(): boolean {
  return typeof document === 'undefined' || /(?:^|;\s*)session_hint=/.test(document.cookie);
}

let refreshInFlight: Promise<boolean> | null = null;
const REFRESHED_AT_KEY = 'aircloud.refreshed-at';

function lastRefreshAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_AT_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Refreshes the session unless another tab already did after `failedSince`. The server treats a
 * refresh token presented twice as stolen and revokes its family, so tabs take turns (Web Locks)
 * and a tab that finds fresh cookies simply replays.
 */
async function refreshAcrossTabs(api: BaseQueryApi, failedSince: number): Promise<boolean> {
  const refresh = async () => {
    if (lastRefreshAt() >= failedSince) return true;
    // No refresh cookie can exist: the 401 stands.
    if (!mayHaveSession()) return false;
    const result = await rawBaseQuery(withHeaders({ url: REFRESH_PATH, method: 'POST' }), api, {});
    if (result.error) return false;
    try {
      localStorage.setItem(REFRESHED_AT_KEY, String(Date.now()));
    } catch {
      // private mode: other tabs will just refresh on their own
    }
    return true;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('aircloud-token-refresh', refresh) : refresh();
}

/** One refresh shared by every call of this tab that failed meanwhile. */
function refreshOnce(api: BaseQueryApi, failedSince: number): Promise<boolean> {
  refreshInFlight ??= refreshAcrossTabs(api, failedSince).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Forced logout: session closed, stored notifications purged, back to Login. */
export function forceLogout(dispatch: BaseQueryApi['dispatch']): void {
  const from = currentRouteName();
  dispatch(loggedOut());
  dispatch(purged());
  const here =
    typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
  const keep = from && from !== 'Login' && here.startsWith('/') && !here.startsWith('/error');
  navigateTo(keep ? `${PATHS.login}?redirect=${encodeURIComponent(here)}` : PATHS.login);
}

/** 403 answers that are a decision about the request, not a broken session: never retried. */
const REFUSALS = new Set(['forbidden', 'csrf_origin', 'last_admin']);

/**
 * A session failure: 401, or 403 as spec section 4 says, except a refusal the server made on
 * purpose (a permission it denies stays with the caller instead of signing the user out).
 */
function isAuthFailure(error: FetchBaseQueryError | undefined): boolean {
  const status = httpStatusOf(error);
  if (status === 401) return true;
  if (status !== 403) return false;
  const data = error?.data as { 'hydra:description'?: unknown } | undefined;
  return !REFUSALS.has(String(data?.['hydra:description'] ?? ''));
}

/**
 * The base query of the api slice: headers of spec section 7, refresh-and-replay-once on 401/403,
 * forced logout when that fails, and the global Error page for network failures, 404 and 5xx.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (rawArgs, api, extraOptions = {}) => {
  const args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  // The first page's GET may have been asked with the HTML already; anything but a 200 is asked
  // again below (with the refresh rule).
  const early =
    (args.method ?? 'GET').toUpperCase() === 'GET' ? takeEarlyAnswer(requestUrl(args)) : undefined;
  if (early) {
    const data = await early;
    if (data !== null) return { data };
  }
  const sentAt = Date.now();
  let result = await rawBaseQuery(withHeaders(args), api, {});

  if (isAuthFailure(result.error) && !isTokenCall(args.url)) {
    const refreshed = await refreshOnce(api, sentAt);
    if (refreshed) result = await rawBaseQuery(withHeaders(args), api, {});
    if (!refreshed || isAuthFailure(result.error)) {
      // Without a session there is nothing to close: the caller (the guard) decides.
      // Typed narrowly: lib/ does not know the store's shape (app/store.ts does).
      if ((api.getState() as { session: SessionState }).session.authState === 'authenticated')
        forceLogout(api.dispatch);
      return result;
    }
  }

  const error = result.error;
  if (!error) return result;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    // A request cancelled on purpose (its page left, the query dropped) is not a network failure.
    if (api.signal.aborted || (error.status === 'FETCH_ERROR' && /AbortError/.test(error.error)))
      return result;
    navigateTo(PATHS.error('network-error'));
    return result;
  }
  const status = httpStatusOf(error);
  if (status !== null && status >= 500 && isMeFetch(args)) {
    // A broken session must not lock the user out: clear the HttpOnly cookies through the server.
    await rawBaseQuery(withHeaders({ url: LOGOUT_PATH }), api, {});
    return result;
  }
  // A failed change stays with its form (a toast or a field error); only loads open the Error page.
  if (extraOptions.globalErrors === false || api.type === 'mutation') return result;
  if (status === 404) navigateTo(PATHS.error(404));
  else if (status !== null && status >= 500) navigateTo(PATHS.error(500));
  return result;
};
