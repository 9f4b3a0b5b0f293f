import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { openRealtime, realtime, retryRealtime } from '../lib/realtime/socket.ts';
import { hydraError, makeMe } from '../test/fixtures.ts';
import { signedIn } from '../test/renderApp.tsx';
import { server } from '../test/server.ts';
import { connectRealtime } from './realtimeBridge.ts';
import { createAppStore } from './store.ts';

vi.mock('../lib/realtime/socket.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  openRealtime: vi.fn(() => Promise.resolve()),
  retryRealtime: vi.fn(),
}));

let disconnect: (() => void) | null = null;
afterEach(() => {
  disconnect?.();
  disconnect = null;
  vi.mocked(retryRealtime).mockClear();
});

describe('realtime bridge', () => {
  it('renews the session when the socket cookie is refused, then reconnects the socket', async () => {
    let refreshed = false;
    server.use(
      http.get('/api/me', () =>
        refreshed
          ? HttpResponse.json(makeMe())
          : HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }),
      ),
      http.post('/security/token/refresh', () => {
        refreshed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = createAppStore(signedIn(makeMe()));
    disconnect = connectRealtime(store);
    expect(openRealtime).toHaveBeenCalled();
    realtime.connectRefused$.next();
    await waitFor(() => expect(retryRealtime).toHaveBeenCalledTimes(1));
    expect(refreshed).toBe(true);
    expect(store.getState().session.authState).toBe('authenticated');
  });

  it('does not reconnect when the session is over: the user is signed out', async () => {
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }),
      ),
      http.post('/security/token/refresh', () =>
        HttpResponse.json(hydraError(401, 'unauthorized'), { status: 401 }),
      ),
    );
    const store = createAppStore(signedIn(makeMe()));
    disconnect = connectRealtime(store);
    realtime.connectRefused$.next();
    await waitFor(() => expect(store.getState().session.authState).toBe('not-authenticated'));
    expect(retryRealtime).not.toHaveBeenCalled();
  });
});
