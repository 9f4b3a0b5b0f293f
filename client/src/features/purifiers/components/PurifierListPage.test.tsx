import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

const OTHER_USER = '01JOTHERUSER00000000000000';

function serveList(members = [makePurifier()]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/purifiers', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(hydra(members));
    }),
  );
  return queries;
}

describe('purifier list', () => {
  it('shows each purifier with its states, and the mode the device has not applied yet', async () => {
    serveList([
      makePurifier({
        mode: 'boost',
        reported_mode: 'auto',
        state: 'warning',
        wifi_state: 'connected',
        last_seen_at: '2026-01-10T09:00:00Z',
      }),
    ]);
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByRole('link', { name: 'Open Living room' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_ULID}/summary`,
    );
    expect(screen.getByText('HEPA_COCOON-000042')).toBeInTheDocument();
    expect(screen.getByText('Warning', { selector: '.pill' })).toHaveClass('pill--warning');
    expect(screen.getByText('Wi-Fi connected')).toBeInTheDocument();
    expect(screen.getByText('boost requested, device still in auto')).toBeInTheDocument();
  });

  it('keeps the filters in the URL query, with the user of an admin view', async () => {
    const queries = serveList();
    // The view-as-user banner names the user.
    server.use(
      http.get(`/api/users/${OTHER_USER}`, () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp(
      `/purifiers?user=${OTHER_USER}`,
      signedIn(makeMe({ role: 'ROLE_ADMIN' })),
    );
    await screen.findByRole('link', { name: 'Open Living room' });
    expect(queries[0]?.get('user')).toBe(OTHER_USER);
    // Viewing someone else's purifiers: nothing to add to that account from here.
    expect(screen.queryByRole('button', { name: 'Add a product' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Network'), 'disconnected');
    await user.selectOptions(screen.getByLabelText('Device state'), 'alert');
    await user.type(screen.getByLabelText('Search by name or serial number'), 'salon');
    await waitFor(() => expect(router.state.location.search).toContain('search=salon'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      user: OTHER_USER,
      wifi_state: 'disconnected',
      state: 'alert',
      search: 'salon',
    });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('salon'));
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({
      user: OTHER_USER,
      wifi_state: 'disconnected',
      state: 'alert',
      page: '1',
    });
  });

  it('invites to add a purifier when there is none', async () => {
    serveList([]);
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('No purifier yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add a product' })).toHaveLength(2);
  });
});

describe('add-product modal', () => {
  it('adds a purifier with a key, then opens it', async () => {
    serveList([]);
    let body: unknown = null;
    server.use(
      http.post('/api/purifiers/activate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makePurifier({ name: 'HEPA_COCOON-000042' }), { status: 201 });
      }),
      http.get(`/api/purifiers/${PURIFIER_ULID}`, () =>
        HttpResponse.json(makePurifier({ name: 'HEPA_COCOON-000042' })),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/purifiers', signedIn(makeMe()));
    await user.click((await screen.findAllByRole('button', { name: 'Add a product' }))[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Add a product' });
    await user.type(within(modal).getByLabelText('Product key'), 'abcd-efgh-jklm-npqr');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/purifiers/${PURIFIER_ULID}/summary`),
    );
    expect(body).toEqual({ key: 'abcd-efgh-jklm-npqr' });
    expect(
      await screen.findByText('HEPA_COCOON-000042 has been added to your purifiers'),
    ).toBeInTheDocument();
    // The detail page has loaded the purifier before the test ends: a request still in flight
    // once the handlers are reset would send the next test's app to the error page.
    expect(await screen.findByRole('heading', { name: 'HEPA_COCOON-000042' })).toBeInTheDocument();
  });

  it('shows the invalid-key message under the field', async () => {
    serveList([]);
    server.use(
      http.post('/api/purifiers/activate', () =>
        HttpResponse.json(
          {
            '@type': 'ConstraintViolationList',
            'hydra:title': 'The key you entered is invalid',
            'hydra:description': 'bad_or_not_exported_key_code',
            status: 422,
            violations: [
              {
                propertyPath: 'key',
                code: 'bad_or_not_exported_key_code',
                message: 'The key you entered is invalid',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/purifiers', signedIn(makeMe()));
    await user.click((await screen.findAllByRole('button', { name: 'Add a product' }))[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Add a product' });
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await within(modal).findByText('Value is required')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Product key'), 'ZZZZ-ZZZZ');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    const field = within(modal).getByLabelText('Product key');
    expect(await within(modal).findByText('The key you entered is invalid')).toHaveAttribute(
      'id',
      field.getAttribute('aria-describedby'),
    );
  });
});
