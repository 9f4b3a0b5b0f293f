import type { createBrowserRouter } from 'react-router-dom';
import type { AppStore } from './store.ts';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/**
 * Calls `connect` once, when a user is signed in and the router shows a page: the socket (and
 * RxJS) load with the first signed-in page, not with the login page, and after that page's own
 * code, texts and list rather than competing with them for the network and the main thread.
 */
export function connectWhenSignedInPageShown(
  store: AppStore,
  router: Router,
  connect: () => void,
): void {
  let done = false;
  const unsubscribers: (() => void)[] = [];
  const check = () => {
    if (done) return;
    if (store.getState().session.authState !== 'authenticated') return;
    if (!router.state.initialized || router.state.navigation.state !== 'idle') return;
    done = true;
    unsubscribers.forEach((stop) => stop());
    connect();
  };
  unsubscribers.push(store.subscribe(check), router.subscribe(check));
  check();
}
