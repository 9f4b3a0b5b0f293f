import type { createBrowserRouter } from 'react-router-dom';
import { afterPagePainted } from '../lib/afterPaint.ts';
import type { AppStore, RootState } from './store.ts';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/**
 * The longest the socket waits for the first page's requests: a slow answer must not keep the
 * page from going live.
 */
export const CONNECT_AT_THE_LATEST_MS = 3000;

/** Whether a request of the API layer is still under way (the first page's data). */
function queryPending(state: RootState): boolean {
  return Object.values(state.api.queries).some((query) => query?.status === 'pending');
}

/**
 * Calls `connect` once, when a user is signed in and the router shows a page whose requests have
 * been answered and which has painted (or CONNECT_AT_THE_LATEST_MS after the page is shown): the
 * socket (and RxJS) load with the first signed-in page, not with the login page, and after that
 * page's own code, texts, data and paint rather than competing with them for the network and the
 * main thread. The channels start with a snapshot, so nothing that changed meanwhile is missed.
 */
export function connectWhenSignedInPageShown(
  store: AppStore,
  router: Router,
  connect: () => void,
): void {
  let done = false;
  let latest: ReturnType<typeof setTimeout> | undefined;
  let painting: (() => void) | undefined;
  const unsubscribers: (() => void)[] = [];
  const start = () => {
    if (done) return;
    done = true;
    clearTimeout(latest);
    painting?.();
    unsubscribers.forEach((stop) => stop());
    connect();
  };
  const check = () => {
    if (done) return;
    if (store.getState().session.authState !== 'authenticated') return;
    if (!router.state.initialized || router.state.navigation.state !== 'idle') return;
    latest ??= setTimeout(start, CONNECT_AT_THE_LATEST_MS);
    if (!painting && !queryPending(store.getState())) painting = afterPagePainted(start);
  };
  unsubscribers.push(store.subscribe(check), router.subscribe(check));
  check();
}
