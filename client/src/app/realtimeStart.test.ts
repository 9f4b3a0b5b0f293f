import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { server } from '../test/server.ts';
import { makeMe } from '../test/fixtures.ts';
import { meApi } from '../lib/api/meApi.ts';
import { authenticated, loggedOut } from '../lib/session/sessionSlice.ts';
import { CONNECT_AT_THE_LATEST_MS, connectWhenSignedInPageShown } from './realtimeStart.ts';
import { createAppStore } from './store.ts';

function deferred() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('realtime start', () => {
  it('connects once the signed-in first page has loaded, not while it loads, and only once', async () => {
    const store = createAppStore();
    const page = deferred();
    const router = createMemoryRouter(
      [{ path: '/purifiers', loader: () => page.done.then(() => null), element: null }],
      { initialEntries: ['/purifiers'] },
    );
    const connect = vi.fn();
    connectWhenSignedInPageShown(store, router, connect);
    store.dispatch(authenticated(makeMe()));
    await Promise.resolve();
    expect(connect).not.toHaveBeenCalled();

    page.release();
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    store.dispatch(loggedOut());
    store.dispatch(authenticated(makeMe()));
    await router.navigate('/purifiers?page=2');
    expect(connect).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it("waits for the first page's requests to be answered before connecting", async () => {
    const answer = deferred();
    server.use(
      http.get('/api/me', async () => {
        await answer.done;
        return HttpResponse.json(makeMe());
      }),
    );
    const store = createAppStore();
    const router = createMemoryRouter([{ path: '/purifiers', element: null }], {
      initialEntries: ['/purifiers'],
    });
    const connect = vi.fn();
    connectWhenSignedInPageShown(store, router, connect);
    const request = store.dispatch(meApi.endpoints.getMe.initiate());
    store.dispatch(authenticated(makeMe()));
    expect(connect).not.toHaveBeenCalled();

    answer.release();
    await request;
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    request.unsubscribe();
    router.dispose();
  });

  it('connects anyway when a request of the first page is still unanswered after a while', async () => {
    server.use(http.get('/api/me', () => new Promise<never>(() => undefined)));
    const store = createAppStore();
    const router = createMemoryRouter([{ path: '/purifiers', element: null }], {
      initialEntries: ['/purifiers'],
    });
    const request = store.dispatch(meApi.endpoints.getMe.initiate());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const connect = vi.fn();
      connectWhenSignedInPageShown(store, router, connect);
      store.dispatch(authenticated(makeMe()));
      vi.advanceTimersByTime(CONNECT_AT_THE_LATEST_MS - 1);
      expect(connect).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      request.abort();
      request.unsubscribe();
      router.dispose();
    }
  });

  it('does not connect for a visitor who is not signed in', async () => {
    const store = createAppStore();
    const router = createMemoryRouter([{ path: '/login', element: null }], {
      initialEntries: ['/login'],
    });
    const connect = vi.fn();
    connectWhenSignedInPageShown(store, router, connect);
    store.dispatch(loggedOut());
    await router.navigate('/login?x=1');
    expect(connect).not.toHaveBeenCalled();
    // Signing in on the login page connects (the page is shown), once the browser is idle.
    store.dispatch(authenticated(makeMe()));
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    router.dispose();
  });
});
