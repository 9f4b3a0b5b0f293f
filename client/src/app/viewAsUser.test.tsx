import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../test/fixtures.ts';
import { renderApp, signedIn } from '../test/renderApp.tsx';
import { server } from '../test/server.ts';
import { hydra, makePurifier, PURIFIER_ULID } from '../test/purifierFixtures.ts';
import { makeUser, userPage } from '../features/users/test/usersFixtures.ts';
import { makeSensor, page as sensorPage, SENSOR_ULID } from '../test/sensorFixtures.ts';

const admin = makeMe({ role: 'ROLE_ADMIN' });
const viewed = makeUser(7, { firstname: 'Marie', lastname: 'Curie' });

/** The viewed user's purifiers; records the `user` query of each list call. */
function serveViewedUser() {
  const listQueries: (string | null)[] = [];
  server.use(
    http.get(`/api/users/${viewed.ulid}`, () => HttpResponse.json(viewed)),
    http.get('/api/users', () => HttpResponse.json(userPage([viewed]))),
    http.get('/api/purifiers', ({ request }) => {
      listQueries.push(new URL(request.url).searchParams.get('user'));
      return HttpResponse.json(hydra([makePurifier({ owner: viewed['@id'] })]));
    }),
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () =>
      HttpResponse.json(makePurifier({ owner: viewed['@id'] })),
    ),
  );
  return listQueries;
}

describe('administrator view-as-user mode', () => {
  it('starts from the users list, shows the banner and keeps the user through the detail', async () => {
    const listQueries = serveViewedUser();
    const user = userEvent.setup();
    const { router, store } = renderApp('/users', signedIn(admin));
    const row = (await screen.findByText(viewed.email)).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'View the products of Marie Curie' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/purifiers'));
    expect(router.state.location.search).toBe(`?user=${viewed.ulid}`);
    const banner = await screen.findByRole('region', {
      name: 'You are currently viewing the products of user',
    });
    expect(await within(banner).findByText('Marie Curie')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Purifiers' })).toHaveClass('is-active');
    expect(within(banner).getByRole('link', { name: 'Sensors' })).toHaveAttribute(
      'href',
      `/sensors?user=${viewed.ulid}`,
    );
    expect(store.getState().session.viewAsUser).toBe(viewed.ulid);
    await waitFor(() => expect(listQueries).toContain(viewed.ulid));

    // The detail keeps the mode: link, tabs and back link carry ?user=.
    await user.click(await screen.findByRole('link', { name: 'Open Living room' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/purifiers/${PURIFIER_ULID}/summary`),
    );
    expect(router.state.location.search).toBe(`?user=${viewed.ulid}`);
    expect(await screen.findByRole('link', { name: 'Meraki' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_ULID}/meraki?user=${viewed.ulid}`,
    );
    expect(screen.getByRole('region', { name: /viewing the products/ })).toBeInTheDocument();
  });

  it("the banner's Sensors tab lists the user's sensors and keeps the mode in the detail", async () => {
    serveViewedUser();
    const sensorQueries: (string | null)[] = [];
    server.use(
      http.get('/api/sensors', ({ request }) => {
        sensorQueries.push(new URL(request.url).searchParams.get('user'));
        return HttpResponse.json(sensorPage([makeSensor()]));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp(`/purifiers?user=${viewed.ulid}`, signedIn(admin));
    const banner = await screen.findByRole('region', { name: /viewing the products/ });
    await user.click(within(banner).getByRole('link', { name: 'Sensors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sensors'));
    expect(router.state.location.search).toBe(`?user=${viewed.ulid}`);
    await waitFor(() => expect(sensorQueries).toContain(viewed.ulid));
    expect(within(banner).getByRole('link', { name: 'Sensors' })).toHaveClass('is-active');
    expect(await screen.findByRole('link', { name: 'Open Meeting room' })).toHaveAttribute(
      'href',
      `/sensors/${SENSOR_ULID}/graphs?user=${viewed.ulid}`,
    );
  });

  it("'Back to administration' clears the mode and returns to the users list", async () => {
    serveViewedUser();
    const user = userEvent.setup();
    const { router, store } = renderApp(`/purifiers?user=${viewed.ulid}`, signedIn(admin));
    const banner = await screen.findByRole('region', { name: /viewing the products/ });
    await waitFor(() => expect(store.getState().session.viewAsUser).toBe(viewed.ulid));
    await user.click(within(banner).getByRole('button', { name: 'Back to administration' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    await waitFor(() => expect(store.getState().session.viewAsUser).toBeNull());
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /viewing the products/ })).not.toBeInTheDocument();
  });

  it('never shows the banner to a user who is not an administrator', async () => {
    server.use(http.get('/api/purifiers', () => HttpResponse.json(hydra([]), { status: 200 })));
    renderApp(`/purifiers?user=${viewed.ulid}`, signedIn(makeMe()));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /viewing the products/ })).not.toBeInTheDocument();
  });
});
