import type { createBrowserRouter } from 'react-router-dom';
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

/** Runs `task` once the browser has nothing more urgent to do (the page painted). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/**
 * Calls `connect` once, when a user is signed in and the router shows a page whose requests have
 * been answered (or CONNECT_AT_THE_LATEST_MS after the page is shown): the socket (and RxJS) load
 * with the first signed-in page, not with the login page, and after that page's own code, texts
 * and data rather than competing with them for the network and the main thread (it waits for the browser
 * to be idle: the page has painted). The channels
 * start with a snapshot, so nothing that changed meanwhile is missed.
 */
export function connectWhenSignedInPageShown(
  store: AppStore,
  router: Router,
  connect: () => void,
): void {
  let done = false;
  let latest: ReturnType<typeof setTimeout> | undefined;
  const unsubscribers: (() => void)[] = [];
  const start = () => {
    if (done) return;
    done = true;
    clearTimeout(latest);
    unsubscribers.forEach((stop) => stop());
    connect();
  };
  const check = () => {
    if (done) return;
    if (store.getState().session.authState !== 'authenticated') return;
    if (!router.state.initialized || router.state.navigation.state !== 'idle') return;
    latest ??= setTimeout(start, CONNECT_AT_THE_LATEST_MS);
    if (!queryPending(store.getState())) whenIdle(start);
  };
  unsubscribers.push(store.subscribe(check), router.subscribe(check));
  check();
}
