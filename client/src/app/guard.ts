import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { Me } from '@aircloud/shared/users';
import { mayHaveSession } from '../lib/api/baseQuery.ts';
import { meApi } from '../lib/api/meApi.ts';
import { loadWholeCatalogue } from '../lib/i18n/i18n.ts';
import { safeRedirect } from '../lib/forms.ts';
import { currentRouteName } from '../lib/navigation/navigator.ts';
import {
  ANONYMOUS_ROUTES,
  LOGGED_OUT_ROUTES,
  PATHS,
  PUBLIC_TEXT_ROUTES,
  type RouteName,
} from '../lib/navigation/routeNames.ts';
import { authenticated, loggedOut, previousRouteRecorded } from '../lib/session/sessionSlice.ts';
import type { AppStore } from './store.ts';

/**
 * Starts what a page will ask for first (its list) once the navigation is allowed, while the
 * page's code and texts still load. Errors stay with the page, which makes the same request.
 */
export type PagePrefetch = (store: AppStore, url: URL) => Promise<void>;

/**
 * The answer of the GET /api/me that public/early-requests.js started with the page, once: the first
 * check of the session uses it (null when it was not a 200); later checks ask again.
 */
export function takeEarlyMe(): Promise<Me | null> | undefined {
  const holder = globalThis as { __aircloudEarlyMe?: Promise<Me | null> };
  const early = holder.__aircloudEarlyMe;
  delete holder.__aircloudEarlyMe;
  return early;
}

/**
 * Asks the server who is signed in; a user with an identifier counts as logged in. A visitor
 * without the session hint cookie is anonymous without asking (no 401 in the console). The
 * answer the page's early request got is used when it was a user; otherwise the API layer asks
 * (refreshing the session on a 401, signing out on a 5xx).
 */
async function resolveAuthentication(store: AppStore): Promise<void> {
  const early = await takeEarlyMe();
  if (!mayHaveSession()) {
    store.dispatch(loggedOut());
    return;
  }
  if (early?.ulid) {
    store.dispatch(meApi.util.upsertQueryData('getMe', undefined, early));
    store.dispatch(authenticated(early));
    return;
  }
  const result = await store.dispatch(
    meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
  if (result.data?.ulid) store.dispatch(authenticated(result.data));
  else store.dispatch(loggedOut());
}

/** Screens that only make sense signed out: a signed-in user goes on to the app instead. */
const SIGNED_OUT_SCREENS: readonly RouteName[] = ['Login', 'ForgotPassword', 'AccountCreation'];

/**
 * The navigation guard of spec section 2, as a loader per route. (The form lock is enforced by
 * useFormLock, which cancels the navigation before any loader runs.) A page that opens waits
 * for the texts it shows: the public part of the catalogue is there from the start; signed-in
 * users and the other routes get the whole catalogue first.
 */
export function createGuard(store: AppStore) {
  const decide = createDecision(store);
  return (name: RouteName, prefetch?: PagePrefetch) => async (args: LoaderFunctionArgs) => {
    const answer = await decide(name)(args);
    const signedIn = store.getState().session.authState === 'authenticated';
    if (answer === null && signedIn && prefetch)
      prefetch(store, new URL(args.request.url)).catch(() => undefined);
    if (answer === null && (signedIn || !PUBLIC_TEXT_ROUTES.includes(name)))
      await loadWholeCatalogue();
    return answer;
  };
}

function createDecision(store: AppStore) {
  return (name: RouteName) =>
    async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
      const from = currentRouteName();
      if (from && from !== name) store.dispatch(previousRouteRecorded(from));

      if (SIGNED_OUT_SCREENS.includes(name)) {
        if (store.getState().session.authState === 'unknown') await resolveAuthentication(store);
        if (store.getState().session.authState === 'authenticated') {
          const target = new URL(request.url).searchParams.get('redirect');
          return redirect(safeRedirect(target) ?? PATHS.home);
        }
      }
      if (LOGGED_OUT_ROUTES.includes(name)) {
        if (store.getState().session.authState !== 'not-authenticated') store.dispatch(loggedOut());
        return null;
      }
      if (store.getState().session.authState === 'unknown') await resolveAuthentication(store);
      if (
        store.getState().session.authState === 'authenticated' ||
        ANONYMOUS_ROUTES.includes(name)
      ) {
        return null;
      }
      const url = new URL(request.url);
      const target = url.pathname + url.search;
      return redirect(
        target === PATHS.home
          ? PATHS.login
          : `${PATHS.login}?redirect=${encodeURIComponent(target)}`,
      );
    };
}
