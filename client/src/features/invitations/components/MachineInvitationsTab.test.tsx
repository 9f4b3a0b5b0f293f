import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import { makePurifier } from '../../../test/purifierFixtures.ts';
import { makeSensor } from '../../../test/sensorFixtures.ts';
import { watchAccessRevoked } from '../streams/invitationEvents.ts';
import { hydra, makeInvitation, ME_ULID, PURIFIER, SENSOR } from '../test/invitationFixtures.ts';

function servePurifier(access: 'owner' | 'invited', status = () => 200) {
  const purifier = makePurifier({
    ulid: PURIFIER,
    owner: `/api/users/${access === 'owner' ? ME_ULID : '01JOTHER000000000000000000'}`,
    access,
  });
  server.use(
    http.get(`/api/purifiers/${PURIFIER}`, () =>
      status() === 200
        ? HttpResponse.json(purifier)
        : HttpResponse.json({ 'hydra:description': 'not_found' }, { status: 404 }),
    ),
    http.get('/api/purifiers', () => HttpResponse.json(hydra([purifier]))),
    http.get('/api/sensors', () => HttpResponse.json(hydra([]))),
  );
}

describe('purifier invitations tab', () => {
  it('lists who has access to this purifier and invites with it pre-selected', async () => {
    servePurifier('owner');
    const asked: string[] = [];
    server.use(
      http.get('/api/invitations', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(hydra([makeInvitation({ state: 'accepted' })]));
      }),
    );
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER}/invitations`, signedIn(makeMe()));
    expect(
      await screen.findByRole('heading', { name: 'Who has access' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const card = (await screen.findByText('To bob@example.test')).closest('li')!;
    expect(within(card).getByRole('button', { name: 'Revoke access' })).toBeInTheDocument();
    expect(asked[0]).toContain(`purifier=${PURIFIER}`);
    expect(asked[0]).toContain('direction=sent');

    await user.click(screen.getByRole('button', { name: 'Invite to this machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    expect(await within(dialog).findByLabelText(/Living room/)).toBeChecked();
  });

  it('an invited user sees that only the owner manages the access', async () => {
    servePurifier('invited');
    renderApp(`/purifiers/${PURIFIER}/invitations`, signedIn(makeMe()));
    expect(
      await screen.findByText(
        'Only the owner of this machine manages who has access to it.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to this machine' })).toBeNull();
  });

  it('an open purifier page shows not-found once the access is revoked', async () => {
    let revoked = false;
    servePurifier('invited', () => (revoked ? 404 : 200));
    const { store } = renderApp(`/purifiers/${PURIFIER}/summary`, signedIn(makeMe()));
    const watching = watchAccessRevoked(store.dispatch);
    expect(
      await screen.findByRole('link', { name: 'Summary' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    revoked = true;
    realtime.accessRevoked$.next({ purifiers: [PURIFIER], sensors: [] });
    expect(await screen.findByText('The resource is not found')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('You no longer have access to this machine.')).toBeInTheDocument(),
    );
    watching.unsubscribe();
  });

  it('the sensor detail has the same tab, listing the invitations sharing that sensor', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`/api/sensors/${SENSOR}`, () =>
        HttpResponse.json(
          makeSensor({
            ulid: SENSOR,
            owner: {
              '@id': `/api/users/${ME_ULID}`,
              ulid: ME_ULID,
              firstname: 'Jeanne',
              lastname: 'Martin',
              email: 'jeanne.martin@example.test',
            },
          }),
        ),
      ),
      http.get('/api/invitations', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(
          hydra([makeInvitation({ state: 'waiting_for_user', recipient: null })]),
        );
      }),
    );
    renderApp(`/sensors/${SENSOR}/invitations`, signedIn(makeMe()));
    const tabs = await screen.findByRole(
      'navigation',
      { name: 'Sensor sections' },
      { timeout: 10_000 },
    );
    expect(within(tabs).getByRole('link', { name: 'Invitations' })).toHaveClass('is-active');
    const card = (await screen.findByText('To bob@example.test')).closest('li')!;
    expect(
      within(card).getByText('Waiting for the person to create an account'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(asked[0]).toContain(`sensor=${SENSOR}`);
  });
});
