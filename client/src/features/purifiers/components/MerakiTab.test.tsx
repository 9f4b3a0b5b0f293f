import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { NetworkEvent } from '@aircloud/shared/network-events';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';

const WEBHOOK = `http://localhost/webhooks/meraki/${PURIFIER_ULID}`;

function makeEvent(n: number, overrides: Partial<NetworkEvent> = {}): NetworkEvent {
  const ulid = `01JEVENT${String(n).padStart(18, '0')}`;
  return {
    '@id': `/api/purifiers/${PURIFIER_ULID}/network_events/${ulid}`,
    '@type': 'NetworkEvent',
    ulid,
    purifier: `/api/purifiers/${PURIFIER_ULID}`,
    date: '2026-11-21T10:00:00Z',
    received_at: '2026-11-21T10:00:02Z',
    occurred_at: '2026-11-21T10:00:00Z',
    mode: 'auto',
    alert_type: 'co2',
    alert_name: 'Sensor change detected',
    alert_id: `64306000${n}`,
    error: null,
    applied: true,
    alert_config_name: null,
    ended_at: null,
    duration_s: null,
    end_applied: null,
    start: null,
    ...overrides,
  };
}

function serveMeraki(events: NetworkEvent[], owner = true, webhookUrl = WEBHOOK) {
  let secret: string | null = owner ? 'first-secret-0123456789abcdefghij' : null;
  const list = { events };
  server.use(
    http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(makePurifier())),
    http.get(`/api/purifiers/${PURIFIER_ULID}/meraki`, () =>
      HttpResponse.json({
        '@type': 'MerakiSettings',
        webhook_url: webhookUrl,
        shared_secret: secret,
      }),
    ),
    http.post(`/api/purifiers/${PURIFIER_ULID}/meraki/rotate-secret`, () => {
      secret = 'second-secret-0123456789abcdefghi';
      return HttpResponse.json({
        '@type': 'MerakiSettings',
        webhook_url: WEBHOOK,
        shared_secret: secret,
      });
    }),
    http.get(`/api/purifiers/${PURIFIER_ULID}/network_events`, () =>
      HttpResponse.json(hydra(list.events)),
    ),
  );
  return list;
}

describe('purifier meraki tab', () => {
  it('tells a user it is shared with that only the owner sees the secret', async () => {
    serveMeraki([makeEvent(1)], false);
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    expect(await screen.findByLabelText('Webhook URL')).toHaveValue(WEBHOOK);
    expect(
      screen.getByText(/Only the purifier's owner sees the shared secret/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Shared secret')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /secret/i })).not.toBeInTheDocument();
  });

  it('shows the webhook URL, the secret, the setup steps and the event history', async () => {
    serveMeraki([
      makeEvent(2, { mode: 'silent', alert_type: 'pm25', date: '2026-11-21T11:30:00Z' }),
      makeEvent(1),
      makeEvent(0, {
        mode: 'unknown',
        alert_type: 'unknown',
        error: 'invalid_webhook_body',
        alert_name: null,
        applied: false,
      }),
    ]);
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    expect(await screen.findByRole('link', { name: 'Meraki' })).toHaveClass('is-active');
    expect(await screen.findByLabelText('Webhook URL')).toHaveValue(WEBHOOK);
    const secret = screen.getByLabelText('Shared secret');
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show the secret' }));
    expect(secret).toHaveAttribute('type', 'text');
    expect(secret).toHaveValue('first-secret-0123456789abcdefghij');
    expect(screen.getByText('Setting up the Meraki dashboard')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('21/11/2026 12:30');
    expect(rows[0]).toHaveTextContent('Silent');
    expect(rows[0]).toHaveTextContent('PM2.5');
    expect(rows[1]).toHaveTextContent('21/11/2026 11:00');
    expect(rows[1]).toHaveTextContent('Auto');
    expect(rows[1]).toHaveTextContent('CO2');
    expect(rows[1]).toHaveTextContent('Applied to the purifier');
    expect(rows[1]).toHaveTextContent('Alert going on');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(rows[2]).toHaveTextContent('Refused: The webhook body is missing required fields');
    expect(rows[0]).toHaveTextContent('End of an alert whose start was not received: no change');

    await user.click(screen.getByRole('button', { name: 'Copy the webhook URL' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toHaveClass('is-copied');
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK);
  });

  it('shows an alert and its end as one row with its duration', async () => {
    serveMeraki([
      makeEvent(3, {
        alert_config_name: 'CO2 above 1000 ppm',
        ended_at: '2026-11-21T12:05:00Z',
        duration_s: 7500,
        end_applied: true,
      }),
      makeEvent(4, {
        alert_config_name: 'PM2.5 above 25',
        alert_type: 'pm25',
        ended_at: '2026-11-21T10:25:00Z',
        duration_s: 1500,
        end_applied: false,
      }),
    ]);
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(
      'CO2 above 1000 ppm · Applied to the purifier · Ended after 2 h 5 min, back to the earlier mode',
    );
    expect(rows[1]).toHaveTextContent('Ended after 25 min, mode kept (changed meanwhile)');
  });

  it('rotates the secret after confirmation', async () => {
    serveMeraki([]);
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    expect(await screen.findByText('No event received yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Generate a new secret' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Generate a new shared secret?');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('A new shared secret has been generated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Shared secret')).toHaveValue(
        'second-secret-0123456789abcdefghi',
      ),
    );
  });

  it('explains a secret the server can no longer read and offers a new one', async () => {
    serveMeraki([]);
    server.use(
      http.get(`/api/purifiers/${PURIFIER_ULID}/meraki`, () =>
        HttpResponse.json(hydraError(409, 'meraki_secret_unreadable'), { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    const panel = await screen.findByTestId('meraki-unreadable');
    expect(panel).toHaveTextContent('The shared secret can no longer be read');
    expect(panel).toHaveTextContent("The server's key has changed");
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Generate a new secret' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('A new shared secret has been generated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Shared secret')).toHaveValue(
        'second-secret-0123456789abcdefghi',
      ),
    );
    expect(screen.queryByTestId('meraki-unreadable')).not.toBeInTheDocument();
  });

  it("adds an event pushed live on 'network-event:created'", async () => {
    const list = serveMeraki([]);
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    expect(await screen.findByText('No event received yet.')).toBeInTheDocument();
    const event = makeEvent(5, { alert_type: 'tvoc' });
    list.events = [event];
    realtime.networkEventCreated$.next(event);
    expect(await screen.findByRole('cell', { name: 'TVOC' })).toBeInTheDocument();
    // An event of another purifier changes nothing.
    realtime.networkEventCreated$.next(
      makeEvent(6, { purifier: '/api/purifiers/01JOTHER00000000000000000' }),
    );
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('shows the URL on the address this page is open at when it differs from the public one', async () => {
    const configured = `https://aircloud.example.com/webhooks/meraki/${PURIFIER_ULID}`;
    serveMeraki([], true, configured);
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    // The configured public URL stays the main one (Meraki's cloud must reach it)…
    expect(await screen.findByLabelText('Webhook URL')).toHaveValue(configured);
    // …and the one on this page's address (the test page's origin) is offered, both explained.
    const origin = window.location.origin;
    expect(screen.getByLabelText(`Webhook URL at ${origin}`)).toHaveValue(
      `${origin}/webhooks/meraki/${PURIFIER_ULID}`,
    );
    expect(
      screen.getByText(
        /uses the configured public address https:\/\/aircloud\.example\.com, while this page is open at http:\/\/localhost/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy the webhook URL at this address' }),
    ).toBeInTheDocument();
  });

  it('shows one URL when the page is open at the configured public address', async () => {
    const here = `${window.location.origin}/webhooks/meraki/${PURIFIER_ULID}`;
    serveMeraki([], true, here);
    renderApp(`/purifiers/${PURIFIER_ULID}/meraki`, signedIn(makeMe()));
    expect(await screen.findByLabelText('Webhook URL')).toHaveValue(here);
    expect(screen.queryByLabelText(/Webhook URL at/)).not.toBeInTheDocument();
  });
});
