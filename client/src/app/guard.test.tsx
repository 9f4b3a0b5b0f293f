import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { STORAGE_KEYS } from '@aircloud/shared/constants';
import { server } from '../test/server.ts';
import { hydraError, makeMe } from '../test/fixtures.ts';
import { renderApp, signedIn, signedOut } from '../test/renderApp.tsx';
import { useFormLock } from '../lib/navigation/useFormLock.ts';
import { setRouter } from '../lib/navigation/navigator.ts';
import { browser } from '../lib/browser.ts';
import { ChunkLoadError, loadChunk } from './lazyPage.ts';
import { createAppStore } from './store.ts';

describe('navigation guard', () => {
  it('fetches the current user when the authentication state is unknown, then lets the user in', async () => {
    const calls = { me: 0 };
    server.use(
      http.get('/api/me', () => {
        calls.me++;
        return HttpResponse.json(makeMe({ firstname: 'Ada' }));
      }),
    );
    const { store, router } = renderApp('/sensors');
    await waitFor(() => expect(store.getState().session.authState).toBe('authenticated'));
    expect(calls.me).toBe(1);
    expect(store.getState().session.user?.firstname).toBe('Ada');
    expect(router.state.location.pathname).toBe('/sensors');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("uses the page's early answer of /api/me (public/early-requests.js) instead of asking again", async () => {
    const me = vi.fn(() => HttpResponse.json(makeMe({ firstname: 'Other' })));
    server.use(http.get('/api/me', me));
    (globalThis as { __aircloudEarlyMe?: unknown }).__aircloudEarlyMe = Promise.resolve(
      makeMe({ firstname: 'Ada' }),
    );
    const { store, router } = renderApp('/sensors');
    await waitFor(() => expect(store.getState().session.authState).toBe('authenticated'));
    expect(store.getState().session.user?.firstname).toBe('Ada');
    expect(router.state.location.pathname).toBe('/sensors');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(me).not.toHaveBeenCalled();
    expect('__aircloudEarlyMe' in globalThis).toBe(false);
  });

  it('asks through the API layer when the early answer was not a user (401, 5xx)', async () => {
    const me = vi.fn(() => HttpResponse.json(makeMe({ firstname: 'Ada' })));
    server.use(http.get('/api/me', me));
    (globalThis as { __aircloudEarlyMe?: unknown }).__aircloudEarlyMe = Promise.resolve(null);
    const { store } = renderApp('/sensors');
    await waitFor(() => expect(store.getState().session.authState).toBe('authenticated'));
    expect(me).toHaveBeenCalledTimes(1);
    expect(store.getState().session.user?.firstname).toBe('Ada');
  });

  it('sends an unauthenticated visitor to Login, remembering the page asked for', async () => {
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }),
      ),
      http.post('/security/token/refresh', () =>
        HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }),
      ),
    );
    const { store, router } = renderApp('/sensors');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sensors');
    expect(store.getState().session.authState).toBe('not-authenticated');
  });

  it('asks nothing of a visitor without the session hint cookie: no 401 on an anonymous page', async () => {
    document.cookie = 'session_hint=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const me = vi.fn(() => HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }));
    const refresh = vi.fn(() => new HttpResponse(null, { status: 401 }));
    server.use(http.get('/api/me', me), http.post('/security/token/refresh', refresh));
    const { store, router } = renderApp('/sensors');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.authState).toBe('not-authenticated');
    expect(me).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('lets public routes through without asking who is signed in, marking the user logged out', async () => {
    const me = vi.fn(() => HttpResponse.json(makeMe()));
    server.use(http.get('/api/me', me));
    const { store, router } = renderApp('/error/404', signedIn(makeMe()));
    expect(
      await screen.findByRole('heading', { name: 'The resource is not found' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/404');
    expect(store.getState().session.authState).toBe('not-authenticated');
    expect(me).not.toHaveBeenCalled();
  });

  it.each([
    ['/login', '/purifiers'],
    ['/login?redirect=%2Fsensors', '/sensors'],
    ['/forgot-password', '/purifiers'],
    ['/account-creation', '/purifiers'],
  ])('sends a signed-in user from %s on to %s', async (from, to) => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it.each(['/', '/activated-account'])(
    'redirects %s to the purifiers without a react-router warning',
    async (from) => {
      const warn = vi.spyOn(console, 'warn');
      const { router } = renderApp(from, signedIn(makeMe()));
      await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      warn.mockRestore();
      expect(warnings.filter((w) => w.includes('leaf route'))).toEqual([]);
    },
  );

  it('never follows a redirect off the site from Login', async () => {
    const { router } = renderApp('/login?redirect=https%3A%2F%2Fevil.test', signedIn(makeMe()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
  });

  it('shows the account creation screen to a visitor', async () => {
    renderApp('/account-creation', signedOut());
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('lets an unauthenticated visitor open Login and RenewPassword', async () => {
    server.use(
      http.get('/api/validation_codes/:code', () =>
        HttpResponse.json({
          '@id': '/api/validation_codes/abc',
          '@type': 'ValidationCode',
          email: 'reset@example.test',
        }),
      ),
    );
    const first = renderApp('/login', signedOut());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/login');
    first.unmount();

    const second = renderApp('/renew-password?token=abc&lang=en', signedOut());
    expect(await screen.findByText('reset@example.test')).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/renew-password');
  });

  it('remembers the previous route name', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe())));
    const { store, router } = renderApp('/sensors');
    await screen.findByRole('navigation', { name: 'Main' });
    await act(() => router.navigate('/purifiers'));
    expect(store.getState().session.previousRouteName).toBe('SensorList');
  });

  it('cancels navigation while a form is locked and tells the callback the target route name', async () => {
    const onBlocked = vi.fn();
    function LockedForm() {
      useFormLock(true, onBlocked);
      return <Link to="/sensors">go to sensors</Link>;
    }
    const store = createAppStore();
    const router = createMemoryRouter(
      [
        { path: '/purifiers', handle: { name: 'PurifierList' }, element: <LockedForm /> },
        { path: '/sensors', handle: { name: 'SensorList' }, element: <p>sensors page</p> },
      ],
      { initialEntries: ['/purifiers'] },
    );
    setRouter(router as never);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'go to sensors' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalledWith('SensorList'));
    expect(router.state.location.pathname).toBe('/purifiers');
    expect(screen.queryByText('sensors page')).not.toBeInTheDocument();
    expect(store.getState().session.formLock).toBe(true);

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });
});

describe('page chunk reload guard', () => {
  it('reloads the page once when a chunk fails to load, leaving a marker', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    void loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(STORAGE_KEYS.reloadMarker)).toMatch(/^\d{10}$/);
  });

  it('raises a generic error instead of reloading again when the marker exists', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEYS.reloadMarker, '1234567890');
    await expect(loadChunk(() => Promise.reject(new TypeError('failed')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the marker once a chunk loads fine', async () => {
    localStorage.setItem(STORAGE_KEYS.reloadMarker, '1234567890');
    await expect(loadChunk(() => Promise.resolve('page'))).resolves.toBe('page');
    expect(localStorage.getItem(STORAGE_KEYS.reloadMarker)).toBeNull();
  });
});
