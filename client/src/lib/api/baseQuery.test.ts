import { describe, expect, it } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { createMemoryRouter } from 'react-router-dom';
import { createTestStore } from '../../test/store.ts';
import { server } from '../../test/server.ts';
import { hydraError, makeMe } from '../../test/fixtures.ts';
import { authenticated } from '../session/sessionSlice.ts';
import { notifyError } from '../notifications/notificationsSlice.ts';
import { setRouter } from '../navigation/navigator.ts';
import { apiSlice } from './apiSlice.ts';
import { meApi } from './meApi.ts';
import { EARLY_ANSWER_MAX_AGE_MS } from './earlyAnswers.ts';

const probeApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, string>({ query: (path) => path }),
    pageProbe: build.query<{ ok: boolean }, number>({
      query: (page) => ({ url: '/api/things', params: { page } }),
    }),
    quietProbe: build.query<{ ok: boolean }, string>({
      query: (path) => path,
      extraOptions: { globalErrors: false },
    }),
    patchProbe: build.mutation<void, { name: string }>({
      query: (body) => ({ url: '/api/things/1', method: 'PATCH', body }),
    }),
    loginProbe: build.mutation<void, { email: string; password: string }>({
      query: (body) => ({ url: '/security/token/request', method: 'POST', body }),
    }),
  }),
});

function setup(signedIn = true) {
  const store = createTestStore();
  const router = createMemoryRouter([{ path: '*', element: null }], {
    initialEntries: ['/sensors'],
  });
  setRouter(router as never);
  if (signedIn) store.dispatch(authenticated(makeMe()));
  return { store, router };
}

const unauthorized = () => HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 });

describe('refresh and replay once', () => {
  it('refreshes once on a 401 and replays the request, which succeeds', async () => {
    const { store } = setup();
    let refreshes = 0;
    let calls = 0;
    let sessionValid = false;
    server.use(
      http.get('/api/things', () => {
        calls++;
        return sessionValid ? HttpResponse.json({ ok: true }) : unauthorized();
      }),
      http.post('/security/token/refresh', () => {
        refreshes++;
        sessionValid = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(result.data).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(calls).toBe(2);
    expect(store.getState().session.authState).toBe('authenticated');
  });

  it('logs out, purges notifications and goes to Login when the refresh fails', async () => {
    const { store, router } = setup();
    store.dispatch(notifyError('errors.generic'));
    server.use(
      http.get('/api/things', unauthorized),
      http.post('/security/token/refresh', unauthorized),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(result.data).toBeUndefined();
    expect(store.getState().session.authState).toBe('not-authenticated');
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().notifications.items).toEqual([]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logs out when the replay is still refused', async () => {
    const { store, router } = setup();
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls++;
        return HttpResponse.json(hydraError(403, 'unauthorized'), { status: 403 });
      }),
      http.post('/security/token/refresh', () => new HttpResponse(null, { status: 204 })),
    );
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(calls).toBe(2);
    expect(store.getState().session.authState).toBe('not-authenticated');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('passes a permission refusal (403 forbidden) to the caller without signing out', async () => {
    const { store, router } = setup();
    let refreshes = 0;
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(hydraError(403, 'forbidden'), { status: 403 }),
      ),
      http.post('/security/token/refresh', () => {
        refreshes++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(result.error).toMatchObject({ status: 403 });
    expect(refreshes).toBe(0);
    expect(store.getState().session.authState).toBe('authenticated');
    expect(router.state.location.pathname).not.toBe('/login');
  });

  it('replays without refreshing when another tab refreshed after the call was sent', async () => {
    const { store } = setup();
    let refreshes = 0;
    let sessionValid = false;
    server.use(
      http.get('/api/things', () => {
        if (sessionValid) return HttpResponse.json({ ok: true });
        // Meanwhile another tab rotated the refresh token and wrote the shared cookies.
        localStorage.setItem('aircloud.refreshed-at', String(Date.now()));
        sessionValid = true;
        return unauthorized();
      }),
      http.post('/security/token/refresh', () => {
        refreshes++;
        return unauthorized();
      }),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(result.data).toEqual({ ok: true });
    expect(refreshes).toBe(0);
  });

  it('shares one refresh between concurrent failures', async () => {
    const { store } = setup();
    let refreshes = 0;
    let sessionValid = false;
    server.use(
      http.get('/api/things/:id', () =>
        sessionValid ? HttpResponse.json({ ok: true }) : unauthorized(),
      ),
      http.post('/security/token/refresh', async () => {
        refreshes++;
        await delay(30);
        sessionValid = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const results = await Promise.all(
      ['/api/things/1', '/api/things/2', '/api/things/3'].map((path) =>
        store.dispatch(probeApi.endpoints.probe.initiate(path)),
      ),
    );
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
  });

  it('never refreshes for the login or refresh calls themselves', async () => {
    const { store, router } = setup(false);
    let refreshes = 0;
    server.use(
      http.post('/security/token/request', () =>
        HttpResponse.json(hydraError(401, 'credential'), { status: 401 }),
      ),
      http.post('/security/token/refresh', () => {
        refreshes++;
        return unauthorized();
      }),
    );
    const result = await store.dispatch(
      probeApi.endpoints.loginProbe.initiate({ email: 'a@b.c', password: 'x' }),
    );
    expect(result.error).toMatchObject({
      status: 401,
      data: { 'hydra:description': 'credential' },
    });
    expect(refreshes).toBe(0);
    expect(router.state.location.pathname).toBe('/sensors');
  });

  it('passes a 401 on without logging out when nobody was signed in', async () => {
    const { store, router } = setup(false);
    server.use(
      http.get('/api/me', unauthorized),
      http.post('/security/token/refresh', unauthorized),
    );
    const result = await store.dispatch(meApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(router.state.location.pathname).toBe('/sensors');
  });
});

describe('global error redirects', () => {
  it('opens the Error page with network-error when the network fails', async () => {
    const { store, router } = setup();
    server.use(http.get('/api/things', () => HttpResponse.error()));
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(router.state.location.pathname).toBe('/error/network-error');
  });

  it('stays on the page when a request is cancelled (its page left), not a network failure', async () => {
    const { store, router } = setup();
    const before = router.state.location.pathname;
    server.use(
      http.get('/api/things', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({});
      }),
    );
    const request = store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    request.abort();
    await request.unwrap().catch(() => undefined);
    expect(router.state.location.pathname).toBe(before);
  });

  it('opens the Error page with 404', async () => {
    const { store, router } = setup();
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(router.state.location.pathname).toBe('/error/404');
  });

  it('opens the Error page with 500', async () => {
    const { store, router } = setup();
    server.use(
      http.get('/api/things', () => HttpResponse.json(hydraError(500, 'unknown'), { status: 500 })),
    );
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    expect(router.state.location.pathname).toBe('/error/500');
  });

  it('clears the cookies through the logout call instead when the current-user fetch answers 500', async () => {
    const { store, router } = setup(false);
    let logouts = 0;
    server.use(
      http.get('/api/me', () => HttpResponse.json(hydraError(500, 'unknown'), { status: 500 })),
      http.get('/security/logout', () => {
        logouts++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const result = await store.dispatch(meApi.endpoints.getMe.initiate());
    expect(result.error).toMatchObject({ status: 500 });
    expect(logouts).toBe(1);
    expect(router.state.location.pathname).toBe('/sensors');
  });

  it('leaves a failed change (mutation) with its form: no Error page for a 5xx or 404', async () => {
    const { store, router } = setup();
    server.use(
      http.patch('/api/things/1', () =>
        HttpResponse.json(hydraError(503, 'unknown'), { status: 503 }),
      ),
    );
    const result = await store.dispatch(probeApi.endpoints.patchProbe.initiate({ name: 'x' }));
    expect(result).toMatchObject({ error: { status: 503 } });
    expect(router.state.location.pathname).toBe('/sensors');

    server.use(
      http.patch('/api/things/1', () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    await store.dispatch(probeApi.endpoints.patchProbe.initiate({ name: 'x' }));
    expect(router.state.location.pathname).toBe('/sensors');
  });

  it('leaves 404 and 500 to endpoints that opt out', async () => {
    const { store, router } = setup();
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    const result = await store.dispatch(probeApi.endpoints.quietProbe.initiate('/api/things'));
    expect(result.error).toMatchObject({ status: 404 });
    expect(router.state.location.pathname).toBe('/sensors');
  });
});

describe('request headers', () => {
  it('sends JSON-LD, the current language, and merge-patch for PATCH', async () => {
    const { store } = setup();
    let seen: Headers | null = null;
    let body: unknown = null;
    server.use(
      http.patch('/api/things/1', async ({ request }) => {
        seen = request.headers;
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await store.dispatch(probeApi.endpoints.patchProbe.initiate({ name: 'Salon' }));
    const headers = seen as unknown as Headers;
    expect(headers.get('content-type')).toBe('application/merge-patch+json');
    expect(headers.get('accept')).toBe('application/ld+json');
    expect(headers.get('accept-language')).toBe('en');
    expect(body).toEqual({ name: 'Salon' });
  });
});

describe('early answers (public/early-requests.js)', () => {
  const holder = globalThis as { __aircloudEarlyGets?: Record<string, unknown> };
  const early = (url: string, answer: unknown, at = performance.now()) => {
    holder.__aircloudEarlyGets = { [url]: { at, answer: Promise.resolve(answer) } };
  };

  it('uses the answer the page got for the same GET once, then asks the server', async () => {
    const { store } = setup();
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls++;
        return HttpResponse.json({ ok: false });
      }),
    );
    early('/api/things?page=1', { ok: true });
    const first = await store.dispatch(probeApi.endpoints.pageProbe.initiate(1));
    expect(first.data).toEqual({ ok: true });
    expect(calls).toBe(0);
    const again = await store.dispatch(
      probeApi.endpoints.pageProbe.initiate(1, { forceRefetch: true }),
    );
    expect(again.data).toEqual({ ok: false });
    expect(calls).toBe(1);
  });

  it('asks the server when the early answer failed, is for another URL or is too old', async () => {
    const { store } = setup();
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls++;
        return HttpResponse.json({ ok: true });
      }),
    );
    early('/api/things', null);
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things'));
    early('/api/things?page=2', { ok: false });
    await store.dispatch(probeApi.endpoints.probe.initiate('/api/things', { forceRefetch: true }));
    early('/api/things', { ok: false }, performance.now() - EARLY_ANSWER_MAX_AGE_MS - 1);
    const result = await store.dispatch(
      probeApi.endpoints.probe.initiate('/api/things', { forceRefetch: true }),
    );
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(3);
    delete holder.__aircloudEarlyGets;
  });
});
