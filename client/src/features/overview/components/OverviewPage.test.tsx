import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { hydra } from '../../../test/purifierFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

function tile(ulid: string, name: string, co2: number | null): SensorOverviewTile {
  return {
    '@id': `/api/sensors/${ulid}`,
    '@type': 'SensorOverviewTile',
    ulid,
    name,
    short_name: '',
    wifi_state: 'connected',
    last_seen_at: '2026-11-27T09:57:00Z',
    last_sample: co2 === null ? null : { ts: '2026-11-27T09:57:00Z', co2 },
    purifiers:
      name === 'Office'
        ? [
            {
              '@id': '/api/purifiers/01JPPPPPPPPPPPPPPPPPPPPPPP',
              ulid: '01JPPPPPPPPPPPPPPPPPPPPPPP',
              name: 'Office purifier',
              mode: 'boost',
              reported_mode: 'auto',
              wifi_state: 'connected',
              air_verdict: 'below',
              measured_ach: 3.2,
              target_ach: 5,
            },
          ]
        : [],
    sparkline: {
      from: '2026-11-27T09:00:00.000Z',
      step_s: 300,
      values: co2 === null ? {} : { co2: Array<number>(12).fill(co2) },
    },
  };
}

const OFFICE = '01JAAAAAAAAAAAAAAAAAAAAAA1';
const HALL = '01JAAAAAAAAAAAAAAAAAAAAAA2';
const ATTIC = '01JAAAAAAAAAAAAAAAAAAAAAA3';

afterEach(() => setRealtimeSocket(null));

/** The tiles' room names in the order shown. */
function order(): string[] {
  return screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent!);
}

describe('overview', () => {
  it('shows every room worst first with its level written, filters by level, and follows samples live', async () => {
    server.use(
      http.get('/api/sensor_overview', () =>
        HttpResponse.json(
          hydra([
            tile(ATTIC, 'Attic', null),
            tile(HALL, 'Hall', 1600),
            tile(OFFICE, 'Office', 600),
          ]),
        ),
      ),
    );
    const socket = new FakeSocket((target) =>
      'sensor' in target
        ? {
            ok: true,
            sensor: {
              sensor: target.sensor,
              last_sample: null,
              wifi_state: 'connected',
              last_seen_at: null,
            },
          }
        : { ok: false, error: 'not_found' },
    );
    setRealtimeSocket(socket.asSocket());
    renderApp('/overview', signedIn(makeMe()));

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['Hall', 'Office', 'Attic']));
    const hall = screen.getByRole('article', { name: 'Hall' });
    expect(
      within(hall).getByText('Very poor', { selector: '.overview-tile__level' }),
    ).toBeVisible();
    expect(within(hall).getByText('CO2 1,600 ppm')).toBeInTheDocument();
    const office = screen.getByRole('article', { name: 'Office' });
    expect(within(office).getByText('boost requested, still auto')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Attic' })).getByText('No data', {
        selector: '.overview-tile__level',
      }),
    ).toBeInTheDocument();

    // Filter: only the good rooms.
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Good/ }));
    await waitFor(() => expect(order()).toEqual(['Office']));
    expect(screen.getByRole('radio', { name: /^Good/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: /^All/ }));

    // A sample turns the office very poor: it moves up, named first by name among its level.
    await waitFor(() => expect(socket.emits('subscribe')).toContainEqual({ sensor: OFFICE }));
    act(() =>
      socket.serverEmit('sensor:samples', {
        sensor: OFFICE,
        samples: [{ ts: '2026-11-27T09:58:00Z', co2: 1700 }],
      }),
    );
    await waitFor(() => expect(order()).toEqual(['Hall', 'Office', 'Attic']));
    expect(
      within(screen.getByRole('article', { name: 'Office' })).getByText('Very poor', {
        selector: '.overview-tile__level',
      }),
    ).toBeInTheDocument();
    act(() =>
      socket.serverEmit('sensor:samples', {
        sensor: HALL,
        samples: [{ ts: '2026-11-27T09:59:00Z', co2: 500 }],
      }),
    );
    await waitFor(() => expect(order()).toEqual(['Office', 'Hall', 'Attic']));
  });

  it('says so when there is no room yet', async () => {
    server.use(http.get('/api/sensor_overview', () => HttpResponse.json(hydra([]))));
    renderApp('/overview', signedIn(makeMe()));
    expect(await screen.findByText('No room to show yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sensors' })).toHaveAttribute(
      'href',
      '/sensors',
    );
  });

  it('gives each room the verdict of its purifiers’ measured air changes', async () => {
    const purifier = (ulid: string, air: Partial<SensorOverviewTile['purifiers'][number]>) => ({
      '@id': `/api/purifiers/${ulid}`,
      ulid,
      name: `Purifier ${ulid.slice(-1)}`,
      mode: 'auto' as const,
      reported_mode: 'auto' as const,
      wifi_state: 'connected' as const,
      air_verdict: null,
      measured_ach: null,
      target_ach: 5,
      ...air,
    });
    server.use(
      http.get('/api/sensor_overview', () =>
        HttpResponse.json(
          hydra([
            {
              ...tile(OFFICE, 'Office', 600),
              purifiers: [
                purifier('01JPPPPPPPPPPPPPPPPPPPPPP1', {
                  air_verdict: 'below',
                  measured_ach: 3.24,
                }),
              ],
            },
            {
              ...tile(HALL, 'Hall', 600),
              purifiers: [
                purifier('01JPPPPPPPPPPPPPPPPPPPPPP2', { air_verdict: 'meets', measured_ach: 5.6 }),
                purifier('01JPPPPPPPPPPPPPPPPPPPPPP3', { air_verdict: 'not_enough_data' }),
              ],
            },
            {
              ...tile(ATTIC, 'Attic', 600),
              purifiers: [
                purifier('01JPPPPPPPPPPPPPPPPPPPPPP4', { air_verdict: 'not_enough_data' }),
              ],
            },
          ]),
        ),
      ),
    );
    setRealtimeSocket(new FakeSocket(() => ({ ok: false, error: 'not_found' })).asSocket());
    renderApp('/overview', signedIn(makeMe()));
    const office = await screen.findByRole('article', { name: 'Office' });
    expect(
      within(office).getByText('Air changes below target: 3.2 of 5 per hour'),
    ).toBeInTheDocument();
    expect(office.querySelector('[data-verdict="below"]')).not.toBeNull();
    const hall = screen.getByRole('article', { name: 'Hall' });
    expect(within(hall).getByText('Air changes on target')).toBeInTheDocument();
    const attic = screen.getByRole('article', { name: 'Attic' });
    expect(attic.querySelector('.overview-tile__air')).toBeNull();
  });
});
