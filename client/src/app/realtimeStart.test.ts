import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { makeMe } from '../test/fixtures.ts';
import { authenticated, loggedOut } from '../lib/session/sessionSlice.ts';
import { connectWhenSignedInPageShown } from './realtimeStart.ts';
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
    // Signing in on the login page connects at once (the page is shown).
    store.dispatch(authenticated(makeMe()));
    expect(connect).toHaveBeenCalledTimes(1);
    router.dispose();
  });
});
