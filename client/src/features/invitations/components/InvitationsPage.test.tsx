import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Invitation } from '@aircloud/shared/invitations';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import { watchInvitationChanges } from '../streams/invitationEvents.ts';
import { hydra, makeInvitation, ME_ULID, PURIFIER, SENSOR } from '../test/invitationFixtures.ts';

/** The owned machines the popin offers (one purifier, one sensor; a shared one is left out). */
function serveMachines() {
  server.use(
    http.get('/api/purifiers', () =>
      HttpResponse.json(
        hydra([
          {
            ulid: PURIFIER,
            name: 'Living room',
            serial_number: 'HEPA_BULLE_WHITE-000001',
            owner: `/api/users/${ME_ULID}`,
            access: 'owner',
          },
          {
            ulid: '01JSHARED00000000000000000',
            name: 'Shared with me',
            serial_number: 'HEPA_DOME_BLACK-000009',
            owner: '/api/users/01JOTHER000000000000000000',
            access: 'invited',
          },
        ]),
      ),
    ),
    http.get('/api/sensors', () =>
      HttpResponse.json(
        hydra([
          { ulid: SENSOR, name: 'Office air', serial_number: 'SN-1', owner: { ulid: ME_ULID } },
        ]),
      ),
    ),
  );
}

function serveLists(lists: { sent?: Invitation[]; received?: Invitation[] }) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get('/api/invitations', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const direction = params.get('direction') as 'sent' | 'received';
      return HttpResponse.json(hydra(lists[direction] ?? []));
    }),
  );
  return seen;
}

describe('invitations page', () => {
  it('lists sent invitations with their state, machines and date, and shows empty received', async () => {
    serveLists({
      sent: [
        makeInvitation(),
        makeInvitation({
          ulid: '01JINVITE0000000000000000B',
          email: 'new@example.test',
          state: 'waiting_for_user',
          recipient: null,
          sensors: [],
        }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/invitations/sent', signedIn(makeMe()));
    // The first render loads the page chunk: give it time.
    const first = (await screen.findByText('To bob@example.test', {}, { timeout: 10_000 })).closest(
      'li',
    )!;
    expect(within(first).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(first).getByText('Living room')).toBeInTheDocument();
    expect(within(first).getByText('Office air')).toBeInTheDocument();
    expect(within(first).getByText('Sent on 20/11/2026')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    const second = screen.getByText('To new@example.test').closest('li')!;
    expect(
      within(second).getByText('Waiting for the person to create an account'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Received' }));
    expect(await screen.findByText('No invitation received')).toBeInTheDocument();
  });

  it('checks the e-mails one by one, then sends one invitation per address with the machines', async () => {
    serveLists({});
    serveMachines();
    let posted: unknown;
    server.use(
      http.post('/api/invitations', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          { '@type': 'InvitationsSent', 'hydra:member': [makeInvitation(), makeInvitation()] },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/invitations/sent', signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    const emails = within(dialog).getByLabelText('E-mail addresses');
    // The shared purifier is not offered: only machines I own.
    expect(await within(dialog).findByLabelText(/Living room/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Shared with me/)).toBeNull();

    const send = within(dialog).getByRole('button', { name: 'Send the invitations' });
    await user.type(emails, 'bob@example.test, nope');
    await user.click(send);
    expect(
      await within(dialog).findByText('nope is not a valid email address'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Select at least one purifier or sensor')).toBeInTheDocument();

    await user.clear(emails);
    await user.type(emails, 'bob@example.test, BOB@example.test');
    await user.click(send);
    expect(
      await within(dialog).findByText('bob@example.test appears more than once'),
    ).toBeInTheDocument();

    await user.clear(emails);
    await user.type(emails, 'jeanne.martin@example.test');
    await user.click(send);
    expect(
      await within(dialog).findByText('You cannot invite yourself (jeanne.martin@example.test)'),
    ).toBeInTheDocument();

    await user.clear(emails);
    await user.type(emails, 'bob@example.test, carol@example.test');
    await user.click(within(dialog).getByLabelText(/Living room/));
    await user.click(within(dialog).getByLabelText(/Office air/));
    await user.click(send);
    await waitFor(() =>
      expect(posted).toEqual({
        emails: 'bob@example.test, carol@example.test',
        purifiers: [PURIFIER],
        sensors: [SENSOR],
      }),
    );
    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
  });

  it('shows a server violation under the field', async () => {
    serveLists({});
    serveMachines();
    server.use(
      http.post('/api/invitations', () =>
        HttpResponse.json(
          {
            '@type': 'ConstraintViolationList',
            'hydra:description': 'invitation_machine_not_owned',
            status: 422,
            violations: [
              {
                propertyPath: 'purifiers',
                code: 'invitation_machine_not_owned',
                message: 'You can only share machines you own',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/invitations/sent', signedIn(makeMe()));
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    await user.type(within(dialog).getByLabelText('E-mail addresses'), 'bob@example.test');
    await user.click(await within(dialog).findByLabelText(/Living room/));
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitations' }));
    expect(
      await within(dialog).findByText('You can only share machines you own'),
    ).toBeInTheDocument();
  });

  it('accepts a received invitation at once, and refuses one after a confirmation', async () => {
    const received = [
      makeInvitation({
        direction: 'received',
        sender: {
          '@id': '/api/users/01JALICE',
          ulid: '01JALICE',
          firstname: 'Alice',
          lastname: 'Doe',
          email: 'alice@example.test',
        },
      }),
      makeInvitation({
        ulid: '01JINVITE0000000000000000C',
        direction: 'received',
        sender: {
          '@id': '/api/users/01JCARL',
          ulid: '01JCARL',
          firstname: 'Carl',
          lastname: 'Doe',
          email: 'carl@example.test',
        },
      }),
    ];
    serveLists({ received });
    const calls: string[] = [];
    server.use(
      http.post('/api/invitations/:id/accept', ({ params }) => {
        calls.push(`accept ${String(params.id)}`);
        return HttpResponse.json({ ...received[0], state: 'accepted' });
      }),
      http.post('/api/invitations/:id/refuse', ({ params }) => {
        calls.push(`refuse ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/invitations', signedIn(makeMe({ invitations_received_count: 2 })));
    // With invitations waiting, the page opens on the received tab.
    const alice = (await screen.findByText('From Alice Doe (alice@example.test)')).closest('li')!;
    await user.click(within(alice).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls).toEqual(['accept 01JINVITE0000000000000000A']));

    const carl = screen.getByText('From Carl Doe (carl@example.test)').closest('li')!;
    await user.click(within(carl).getByRole('button', { name: 'Refuse' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Refuse this invitation/ });
    expect(
      within(confirm).getByText('You will not get access to the machines of Carl Doe.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls).toContain('refuse 01JINVITE0000000000000000C'));
  });

  it('revokes an accepted share after a confirmation', async () => {
    serveLists({ sent: [makeInvitation({ state: 'accepted' })] });
    let deleted = '';
    server.use(
      http.delete('/api/invitations/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/invitations/sent', signedIn(makeMe()));
    const card = (await screen.findByText('To bob@example.test')).closest('li')!;
    expect(within(card).getByText('Accepted')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Revoke access' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: /Revoke the access of bob@example.test/,
    });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deleted).toBe('01JINVITE0000000000000000A'));
    expect(await screen.findByText('Access revoked')).toBeInTheDocument();
  });

  it("follows the recipient's answer live: the sent list is fetched again", async () => {
    const lists = { sent: [makeInvitation()] };
    const seen = serveLists(lists);
    const { store } = renderApp('/invitations/sent', signedIn(makeMe()));
    const watching = watchInvitationChanges(store.dispatch);
    const row = (await screen.findByText('To bob@example.test')).closest('li')!;
    expect(within(row).getByText('Waiting for approval')).toBeInTheDocument();
    const before = seen.length;

    lists.sent = [makeInvitation({ state: 'accepted' })];
    act(() => realtime.invitationChanged$.next({ id: lists.sent[0]!.ulid }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(seen.length).toBeGreaterThan(before);
    watching.unsubscribe();
  });

  it('shows the load error with a retry', async () => {
    server.use(http.get('/api/invitations', () => HttpResponse.json({}, { status: 429 })));
    renderApp('/invitations/sent', signedIn(makeMe()));
    expect(await screen.findByText('The invitations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
