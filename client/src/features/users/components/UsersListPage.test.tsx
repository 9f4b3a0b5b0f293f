import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { makeUser, userPage } from '../test/usersFixtures.ts';

const admin = makeMe({ role: 'ROLE_ADMIN' });
const ALL = Array.from({ length: 45 }, (_, i) => makeUser(i + 1));

/** A users API over 45 users that filters like the server and records each query. */
function usersServer() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/users', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const search = (query.get('search') ?? '').toLowerCase();
      const role = query.get('role');
      const page = Number(query.get('page') ?? 1);
      const matching = ALL.filter(
        (u) =>
          (!search || `${u.firstname} ${u.lastname} ${u.email}`.toLowerCase().includes(search)) &&
          (!role || u.role === role),
      );
      return HttpResponse.json(
        userPage(matching.slice((page - 1) * 20, page * 20), matching.length),
      );
    }),
  );
  return queries;
}

describe('users list', () => {
  it('shows the 403 message and asks for nothing when the user is not an administrator', async () => {
    // Any request would fail the test (unhandled requests are errors).
    renderApp('/users', signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the 403 message when the server refuses', async () => {
    server.use(
      http.get('/api/users', () =>
        HttpResponse.json(hydraError(403, 'forbidden'), { status: 403 }),
      ),
    );
    renderApp('/users', signedIn(admin));
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
  });

  it('lists the users with their details and pages through them in the URL', async () => {
    const queries = usersServer();
    const user = userEvent.setup();
    const { router } = renderApp('/users', signedIn(admin));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent('Last01 First1');
    expect(rows[0]).toHaveTextContent('user1@example.test');
    expect(rows[0]).toHaveTextContent('Company 1');
    expect(rows[0]).toHaveTextContent('User');
    expect(rows[0]).toHaveTextContent('Enabled');
    expect(rows[0]).toHaveTextContent('04/03/2025');
    expect(
      within(rows[0]!).getByRole('link', { name: 'Edit page of First1 Last01' }),
    ).toHaveAttribute('href', `/users/${ALL[0]!.ulid}/edit`);
    expect(screen.getByText('20 displayed of 45')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add with password' })).toHaveAttribute(
      'href',
      '/users/add',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('user21@example.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('5 displayed of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2', '3']);

    // Back in history restores the previous page.
    await router.navigate(-1);
    expect(await screen.findByText('20 displayed of 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('searches after the user pauses typing, with one query, from page 1', async () => {
    const queries = usersServer();
    const user = userEvent.setup();
    const { router } = renderApp('/users?page=2', signedIn(admin));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search by name, e-mail or company'), 'user4');
    await waitFor(() => expect(router.state.location.search).toBe('?search=user4'));
    // Seven users fit on one page: no pagination under them.
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8),
    );
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    const searches = queries.map((q) => q.get('search'));
    expect(searches.filter((s) => s !== null)).toEqual(['user4']);
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('filters by role and shows the empty state', async () => {
    const queries = usersServer();
    const user = userEvent.setup();
    const { router } = renderApp('/users', signedIn(admin));
    await screen.findByRole('table');
    const filter = screen.getByLabelText('Filter by role');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All roles', 'User', 'Technician', 'Administrator']);
    await user.selectOptions(filter, 'ROLE_ADMIN');
    await waitFor(() => expect(router.state.location.search).toBe('?role=ROLE_ADMIN'));
    expect(await screen.findByText('No user found')).toBeInTheDocument();
    expect(queries.at(-1)?.get('role')).toBe('ROLE_ADMIN');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('20 displayed of 45')).toBeInTheDocument();
  });

  it(
    'opens the Error page when the list answers a 5xx, instead of an inline error',
    {
      timeout: 20_000,
    },
    async () => {
      server.use(
        http.get('/api/users', () =>
          HttpResponse.json(hydraError(502, 'unknown'), { status: 502 }),
        ),
      );
      const { router } = renderApp('/users', signedIn(admin));
      // The Error page is its own lazily loaded route: its first import can take seconds under load.
      expect(
        await screen.findByText('The server is unavailable', {}, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/error/500');
      expect(screen.queryByText('The users could not be loaded')).not.toBeInTheDocument();
    },
  );

  it('opens the Error page when the list answers 404, even with a page already shown', async () => {
    let gone = false;
    server.use(
      http.get('/api/users', () =>
        gone
          ? HttpResponse.json(hydraError(404, 'not_found'), { status: 404 })
          : HttpResponse.json(userPage(ALL.slice(0, 20), 45)),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/users', signedIn(admin));
    await screen.findByRole('table');
    gone = true;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The resource is not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/404');
  });

  it('keeps other failures inline, with a retry', async () => {
    let fail = true;
    const load = vi.fn(() =>
      fail
        ? HttpResponse.json(hydraError(429, 'too_many_requests'), { status: 429 })
        : HttpResponse.json(userPage([makeUser(1)])),
    );
    server.use(http.get('/api/users', load));
    const user = userEvent.setup();
    renderApp('/users', signedIn(admin));
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
