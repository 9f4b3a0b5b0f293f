import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server.ts';
import { makeMe } from '../test/fixtures.ts';
import { renderApp, signedOut } from '../test/renderApp.tsx';
import { hydra, makePurifier } from '../test/purifierFixtures.ts';

// The list page's code arrives only when the test lets it: what starts before is the guard's.
const pageCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../features/purifiers/components/PurifierListPage.tsx', async (importOriginal) => {
  await pageCode.arrived;
  return importOriginal();
});

describe('page prefetch', () => {
  it('starts the purifier list with the page code still loading, and the page reuses it', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe())),
      http.get('/api/purifiers', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(hydra([makePurifier()]));
      }),
    );
    renderApp('/purifiers?state=alert&search=liv&page=2&wifi_state=nonsense');
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]).toEqual({ state: 'alert', search: 'liv', page: '2' });
    expect(screen.queryByRole('link', { name: 'Open Living room' })).not.toBeInTheDocument();

    pageCode.release();
    expect(await screen.findByRole('link', { name: 'Open Living room' })).toBeInTheDocument();
    // Same arguments: the page found the request under way instead of sending its own.
    expect(queries).toHaveLength(1);
  });

  it('shows the list public/early-requests.js asked for with the page, without asking again', async () => {
    const list = vi.fn(() => HttpResponse.json(hydra([])));
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe())),
      http.get('/api/purifiers', list),
    );
    (globalThis as { __aircloudEarlyGets?: unknown }).__aircloudEarlyGets = {
      '/api/purifiers?page=1': {
        at: performance.now(),
        answer: Promise.resolve(hydra([makePurifier()])),
      },
    };
    pageCode.release();
    renderApp('/purifiers');
    expect(await screen.findByRole('link', { name: 'Open Living room' })).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('asks for no list when the visitor is sent to the login page', async () => {
    const list = vi.fn(() => HttpResponse.json(hydra([])));
    server.use(http.get('/api/purifiers', list));
    renderApp('/purifiers', signedOut());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });
});
