import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { fakePurifierSocket } from '../../../test/fakeSocket.ts';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { hydra, makePurifier, PURIFIER_ULID, liveOf } from '../../../test/purifierFixtures.ts';
import { nextScheduleSlot } from '../scheduleModel.ts';

afterEach(() => {
  setRealtimeSocket(null);
});

/** A connected purifier in auto, confirmed by the device, controlled by its owner. */
const connected = makePurifier({
  access: 'owner',
  mode: 'auto',
  reported_mode: 'auto',
  wifi_state: 'connected',
  last_seen_at: '2026-01-10T09:00:00Z',
  desired_ack_version: 1,
});

describe('mode in one tap', () => {
  it('sends the mode at once from the card, waits for the device, then shows it confirmed', async () => {
    let current = connected;
    const patches: unknown[] = [];
    server.use(
      http.get('/api/purifiers', () => HttpResponse.json(hydra([current]))),
      http.patch(`/api/purifiers/${PURIFIER_ULID}`, async ({ request }) => {
        patches.push(await request.json());
        current = {
          ...current,
          mode: 'boost',
          pending: true,
          desired: { ...current.desired, mode: 'boost', version: 2 },
        };
        return HttpResponse.json(current);
      }),
    );
    const socket = fakePurifierSocket((ulid) => (ulid === PURIFIER_ULID ? current : null));
    setRealtimeSocket(socket.asSocket());
    const user = userEvent.setup();
    renderApp('/purifiers', signedIn(makeMe()));

    const group = await screen.findByRole('radiogroup', { name: 'Mode of Living room' });
    expect(within(group).getByRole('radio', { name: 'Auto' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Confirmed by the device');

    await user.click(within(group).getByRole('radio', { name: 'Boost' }));
    expect(patches).toEqual([{ mode: 'boost' }]);
    expect(within(group).getByRole('radio', { name: 'Boost' })).toBeChecked();
    expect(
      await screen.findByText('Waiting for the device to confirm (still in auto)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-pending', 'true');

    // The device reports boost: the card follows the live update.
    await waitFor(() => expect(socket.emits('subscribe').length).toBeGreaterThan(0));
    current = { ...current, reported_mode: 'boost', pending: false };
    act(() => socket.serverEmit('purifier:updated', liveOf(current)));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Confirmed by the device'),
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-pending', 'false');
  });

  it('is keyboard operable: arrow keys choose the next mode', async () => {
    const patches: unknown[] = [];
    server.use(
      http.get('/api/purifiers', () => HttpResponse.json(hydra([connected]))),
      http.patch(`/api/purifiers/${PURIFIER_ULID}`, async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(connected);
      }),
    );
    const user = userEvent.setup();
    renderApp('/purifiers', signedIn(makeMe()));
    const group = await screen.findByRole('radiogroup', { name: 'Mode of Living room' });
    within(group).getByRole('radio', { name: 'Auto' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(patches).toEqual([{ mode: 'silence' }]));
  });

  it('names the alert rule that holds the mode, and says what a choice does', async () => {
    const held = makePurifier({
      ...connected,
      mode: 'boost',
      reported_mode: 'boost',
      desired: {
        ...connected.desired,
        mode: 'boost',
        source: 'rule',
        base: { mode: 'silence', source: 'user', updated_at: '2026-01-10T08:00:00Z' },
      },
      hold_rules: [
        { ulid: '01JRULE', sensor_name: 'Bedroom', measure: 'co2', threshold: 1000, mode: 'boost' },
      ],
    });
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(held)));
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    expect(
      await screen.findByText('Held by an alert rule: CO2 ≥ 1,000 on Bedroom'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Choosing a mode ends this hold until a rule triggers again; otherwise silence comes back when no rule holds.',
      ),
    ).toBeInTheDocument();
    // The control is still offered: a choice is accepted (core desired-state.ts modeChange).
    expect(screen.getByRole('radio', { name: 'Boost' })).toBeChecked();
  });

  it('says the weekly schedule set the mode, until its next slot', async () => {
    const schedule = {
      days: [0, 1, 2, 3, 4, 5, 6].map(() => [{ start: '07:00', mode: 'auto' as const }]),
    };
    const scheduled = makePurifier({
      ...connected,
      schedule,
      desired: { ...connected.desired, source: 'schedule', schedule },
    });
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(scheduled)));
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    expect(
      await screen.findByText(/^Set by the weekly schedule until (\w+ )?07:00$/),
    ).toBeInTheDocument();
    expect(screen.getByText('A mode you choose holds until the next slot.')).toBeInTheDocument();
  });

  it('says a Meraki alert set the mode', async () => {
    const network = makePurifier({
      ...connected,
      desired: { ...connected.desired, source: 'network' },
    });
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(network)));
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    expect(await screen.findByText('Set by a Meraki network alert')).toBeInTheDocument();
  });

  it('shows a viewer without control the mode only', async () => {
    server.use(
      http.get('/api/purifiers', () =>
        HttpResponse.json(hydra([{ ...connected, access: undefined }])),
      ),
    );
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('auto mode')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('next schedule slot', () => {
  const schedule = {
    days: [[{ start: '07:00', mode: 'auto' as const }], [], [], [], [], [], []],
  };
  it('finds the slot later today, or on a later day', () => {
    // Monday 5 January 2026, 06:00 in Paris (05:00 UTC).
    expect(nextScheduleSlot(schedule, 'Europe/Paris', new Date('2026-01-05T05:00:00Z'))).toEqual({
      daysAhead: 0,
      day: 0,
      start: '07:00',
      mode: 'auto',
    });
    // Monday 08:00 in Paris: the next is Monday next week.
    expect(
      nextScheduleSlot(schedule, 'Europe/Paris', new Date('2026-01-05T07:00:00Z'))?.daysAhead,
    ).toBe(7);
    expect(nextScheduleSlot(null, 'Europe/Paris')).toBeNull();
  });
});

describe("purifier card: the room's air and a new purifier", () => {
  it("shows the linked sensor's worst reading with its level, and which sensor", async () => {
    server.use(
      http.get('/api/purifiers', () =>
        HttpResponse.json(
          hydra([
            makePurifier({
              ...connected,
              air: {
                sensor_ulid: '01JSENSOR',
                sensor_name: 'Kitchen',
                measure: 'co2',
                value: 1300,
                level: 'poor',
                measured_at: '2026-01-10T09:00:00Z',
              },
            }),
          ]),
        ),
      ),
    );
    renderApp('/purifiers', signedIn(makeMe()));
    const reading = await screen.findByText('Air measured by Kitchen');
    const air = reading.closest('.purifier-card__air') as HTMLElement;
    const badge = air.querySelector('.aq-badge')!;
    expect(badge).toHaveAttribute('data-level', 'poor');
    expect(badge).toHaveTextContent(/CO2 1,300 ppm/);
    expect(within(air).getByText('Poor')).toBeInTheDocument();
  });

  it('says no sensor reading in muted text when there is none', async () => {
    server.use(
      http.get('/api/purifiers', () => HttpResponse.json(hydra([{ ...connected, air: null }]))),
    );
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('No sensor reading')).toHaveClass('muted');
  });

  it('shows a never-connected purifier as waiting, with unknown filter levels', async () => {
    const fresh = makePurifier({ access: 'owner', last_seen_at: null, reported: null });
    server.use(
      http.get('/api/purifiers', () => HttpResponse.json(hydra([fresh]))),
      http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(fresh)),
    );
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('Waiting for first connection')).toHaveClass('pill--muted');
    expect(screen.queryByText('Operational', { selector: '.pill' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Waiting for the device to confirm: it has not connected yet'),
    ).toBeInTheDocument();
  });

  it('shows no 100 % filters on the summary of a never-connected purifier', async () => {
    const fresh = makePurifier({ access: 'owner', last_seen_at: null, reported: null });
    server.use(http.get(`/api/purifiers/${PURIFIER_ULID}`, () => HttpResponse.json(fresh)));
    renderApp(`/purifiers/${PURIFIER_ULID}/summary`, signedIn(makeMe()));
    expect(await screen.findByText('Waiting for first connection')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getAllByText('Unknown until the device reports')).toHaveLength(6);
    expect(screen.queryByText('100%')).not.toBeInTheDocument();
  });
});
