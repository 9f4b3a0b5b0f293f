import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetDevice, FleetSummary } from '@aircloud/shared/fleet';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { hydra } from '../../../test/purifierFixtures.ts';
import { makeRollout, ROLLOUT_ULID } from '../../../test/rolloutFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

const OWNER = '01JOWNER000000000000000000';

function device(ulid: string, name: string, overrides: Partial<FleetDevice> = {}): FleetDevice {
  return {
    '@id': `/api/purifiers/${ulid}`,
    '@type': 'FleetDevice',
    kind: 'purifier',
    ulid,
    name,
    serial_number: `HEPA-${ulid.slice(-4)}`,
    model: 'HEPA_BULLE_WHITE',
    state: 'operational',
    soft_version: '2.1.0',
    maintenance_min: 80,
    wifi_state: 'disconnected',
    last_seen_at: '2026-11-27T07:00:00Z',
    owner: { ulid: OWNER, firstname: 'Marc', lastname: 'Durand', email: 'marc@example.com' },
    ...overrides,
  };
}

function summary(overrides: Partial<FleetSummary> = {}): FleetSummary {
  return {
    '@id': '/api/fleet',
    '@type': 'FleetSummary',
    purifiers: {
      total: 1240,
      wifi_state: { connected: 1200, disconnected: 32, not_configured: 8 },
      state: { operational: 1230, warning: 7, alert: 3 },
      held: 4,
      maintenance_due: 0,
    },
    sensors: { total: 310, wifi_state: { connected: 300, disconnected: 10, not_configured: 0 } },
    versions: [
      { model: 'HEPA_BULLE_WHITE', soft_version: '2.1.0', purifiers: 900 },
      { model: 'HEPA_BULLE_WHITE', soft_version: null, purifiers: 340 },
    ],
    offline: [device('01JPURIFIER000000000000001', 'Kitchen')],
    held: [],
    maintenance_due: [],
    rollouts: [],
    air_changes: { rooms_below: 0, rooms_measured: 0, purifiers_below: 0 },
    air_below: [],
    telemetry: Array.from({ length: 15 }, (_, i) => ({
      minute: new Date(Date.UTC(2026, 10, 27, 9, i)).toISOString(),
      samples: 1000 + i,
    })),
    generated_at: '2026-11-27T09:15:00.000Z',
    ...overrides,
  };
}

afterEach(() => setRealtimeSocket(null));

describe('fleet view', () => {
  it('shows the counts as links to their lists and follows the fleet channel', async () => {
    server.use(http.get('/api/fleet', () => HttpResponse.json(summary())));
    const socket = new FakeSocket(() => ({ ok: false, error: 'not_found' }));
    setRealtimeSocket(socket.asSocket());
    renderApp('/fleet', signedIn(makeMe({ role: 'ROLE_ADMIN' })));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet' })).toBeInTheDocument();
    const purifiers = await screen.findByRole('region', { name: 'Purifiers' });
    expect(within(purifiers).getByRole('link', { name: '1,240 Total' })).toHaveAttribute(
      'href',
      '/fleet/devices?kind=purifier',
    );
    expect(within(purifiers).getByRole('link', { name: '32 Disconnected' })).toHaveAttribute(
      'href',
      '/fleet/devices?kind=purifier&wifi_state=disconnected',
    );
    expect(within(purifiers).getByRole('link', { name: '4 Held by alert rules' })).toHaveAttribute(
      'href',
      '/fleet/devices?kind=purifier&held=true',
    );
    // The last complete minute, not the current partial one.
    expect(screen.getByText('1,013')).toBeInTheDocument();
    // Offline now: the device, its owner, and the admin's way into the owner's products.
    const offline = screen.getByRole('region', { name: 'Offline now' });
    expect(within(offline).getByRole('link', { name: 'Kitchen' })).toHaveAttribute(
      'href',
      `/purifiers/01JPURIFIER000000000000001?user=${OWNER}`,
    );
    expect(
      within(offline).getByRole('link', { name: 'View the products of Marc Durand' }),
    ).toHaveAttribute('href', `/purifiers?user=${OWNER}`);
    expect(within(offline).getByRole('link', { name: 'All 32 purifiers' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Maintenance due' })).getByText(
        'No consumable is under 10 %.',
      ),
    ).toBeInTheDocument();
    const versions = screen.getByRole('region', { name: 'Firmware versions' });
    expect(within(versions).getByRole('link', { name: '340' })).toHaveAttribute(
      'href',
      '/fleet/devices?kind=purifier&model=HEPA_BULLE_WHITE&soft_version=none',
    );

    // The channel was asked for, and a pushed summary replaces the numbers.
    expect(socket.emitted.some((e) => e.event === 'fleet:subscribe')).toBe(true);
    act(() =>
      socket.serverEmit(
        'fleet:summary',
        summary({
          purifiers: { ...summary().purifiers, held: 9 },
          generated_at: '2026-11-27T09:15:05.000Z',
        }),
      ),
    );
    expect(
      await within(purifiers).findByRole('link', { name: '9 Held by alert rules' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Live/);

    // The server closes the channel (role taken away): the figures go.
    act(() => socket.serverEmit('fleet:closed'));
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Purifiers' })).not.toBeInTheDocument();
  });

  it('shows the active rollouts with their progress, each a link to its page', async () => {
    server.use(
      http.get('/api/fleet', () =>
        HttpResponse.json(summary({ rollouts: [makeRollout({ status: 'paused' })] })),
      ),
    );
    renderApp('/fleet', signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    const rollouts = await screen.findByRole('region', { name: 'Firmware rollouts' });
    expect(
      within(rollouts).getByRole('link', { name: 'Cocoon spring release · 2.5.0' }),
    ).toHaveAttribute('href', `/fleet/rollouts/${ROLLOUT_ULID}`);
    expect(within(rollouts).getByText('Paused')).toBeInTheDocument();
    expect(
      within(rollouts).getByRole('progressbar', { name: 'Cocoon spring release · 2.5.0' }),
    ).toHaveAttribute('aria-valuenow', '6');
    expect(within(rollouts).getByText('Pending')).toHaveTextContent('Pending 90');
    expect(within(rollouts).getByRole('link', { name: 'All rollouts' })).toHaveAttribute(
      'href',
      '/fleet/rollouts',
    );
  });

  it('says when no rollout is in progress', async () => {
    server.use(http.get('/api/fleet', () => HttpResponse.json(summary())));
    renderApp('/fleet', signedIn(makeMe({ role: 'ROLE_ADMIN' })));
    const rollouts = await screen.findByRole('region', { name: 'Firmware rollouts' });
    expect(within(rollouts).getByText('No rollout in progress.')).toBeInTheDocument();
  });

  it('is refused to a user', async () => {
    renderApp('/fleet', signedIn(makeMe({ role: 'ROLE_USER' })));
    expect(
      await screen.findByText('The fleet view is reserved for technicians and administrators.'),
    ).toBeInTheDocument();
  });

  it('lists the devices behind a number, with its filter in words and pages', async () => {
    let asked: URL | null = null;
    server.use(
      http.get('/api/fleet', () => HttpResponse.json(summary())),
      http.get('/api/fleet/purifiers', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(
          hydra([device('01JPURIFIER000000000000002', 'Hall', { maintenance_min: 4 })]),
        );
      }),
    );
    renderApp(
      '/fleet/devices?kind=purifier&wifi_state=disconnected',
      signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purifiers · Disconnected' }),
    ).toBeInTheDocument();
    expect(asked!.searchParams.get('wifi_state')).toBe('disconnected');
    const row = await screen.findByRole('row', { name: /Hall/ });
    expect(within(row).getByText('4 % left')).toBeInTheDocument();
    expect(within(row).getByText('marc@example.com')).toBeInTheDocument();
    // A technician has no view of others' machines: no link into them.
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: /Back to the fleet/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet' })).toBeInTheDocument();
  });

  it('counts the rooms below their air changes target, links to the purifiers below and lists them', async () => {
    server.use(
      http.get('/api/fleet', () =>
        HttpResponse.json(
          summary({
            air_changes: { rooms_below: 3, rooms_measured: 41, purifiers_below: 4 },
            air_below: [
              device('01JPURIFIER000000000000007', 'Classroom 4', { state: 'operational' }),
            ],
          }),
        ),
      ),
    );
    setRealtimeSocket(new FakeSocket(() => ({ ok: false, error: 'not_found' })).asSocket());
    renderApp('/fleet', signedIn(makeMe({ role: 'ROLE_ADMIN' })));
    const purifiers = await screen.findByRole('region', { name: 'Purifiers' });
    expect(
      within(purifiers).getByRole('link', {
        name: '3 rooms below air changes target (of 41 measured)',
      }),
    ).toHaveAttribute('href', '/fleet/devices?kind=purifier&air_below=true');
    const below = screen.getByRole('region', { name: 'Below their air changes target' });
    expect(within(below).getByRole('link', { name: 'Classroom 4' })).toBeInTheDocument();
    expect(within(below).getByRole('link', { name: 'All 4 purifiers' })).toHaveAttribute(
      'href',
      '/fleet/devices?kind=purifier&air_below=true',
    );
  });

  it('names the air changes filter of the list behind it and asks the API for it', async () => {
    let asked: URL | null = null;
    server.use(
      http.get('/api/fleet/purifiers', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(hydra([device('01JPURIFIER000000000000007', 'Classroom 4')]));
      }),
    );
    renderApp(
      '/fleet/devices?kind=purifier&air_below=true',
      signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })),
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Purifiers · Below their air changes target',
      }),
    ).toBeInTheDocument();
    expect(asked!.searchParams.get('air_below')).toBe('true');
  });
});
