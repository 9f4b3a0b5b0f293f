import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SubscriptionTarget } from '@aircloud/shared/realtime';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { hydra, makePurifier, PURIFIER_ULID } from '../../../test/purifierFixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { server } from '../../../test/server.ts';

const KITCHEN = '01JSENSORKITCHEN0000000000';
const OFFICE = '01JSENSOROFFICE00000000000';

/** Answers every subscription: purifiers with the listed one, sensors with no newer sample. */
function socketFor(purifier: ReturnType<typeof makePurifier>) {
  return new FakeSocket((target: SubscriptionTarget) =>
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
      : { ok: true, purifier },
  );
}

/** The card's air line, its badge and the sensor it names. */
function cardAir() {
  const line = document.querySelector('.purifier-card__air') as HTMLElement;
  return {
    line,
    badge: line.querySelector('.aq-badge'),
  };
}

afterEach(() => setRealtimeSocket(null));

describe("purifier card: the room's air follows the linked sensors live", () => {
  it('changes with a sample of a linked sensor, without reloading the list', async () => {
    const purifier = makePurifier({
      wifi_state: 'connected',
      last_seen_at: '2026-11-27T09:00:00Z',
      air: {
        sensor_ulid: KITCHEN,
        sensor_name: 'Kitchen',
        measure: 'co2',
        value: 1300,
        level: 'poor',
        measured_at: '2026-11-27T09:57:00Z',
      },
      air_sensors: [
        { ulid: OFFICE, name: 'Office' },
        { ulid: KITCHEN, name: 'Kitchen' },
      ],
    });
    let listLoads = 0;
    server.use(
      http.get('/api/purifiers', () => {
        listLoads += 1;
        return HttpResponse.json(hydra([purifier]));
      }),
    );
    const socket = socketFor(purifier);
    setRealtimeSocket(socket.asSocket());
    const { store } = renderApp('/purifiers', signedIn(makeMe()));

    expect(await screen.findByText('Air measured by Kitchen')).toBeInTheDocument();
    expect(cardAir().badge).toHaveAttribute('data-level', 'poor');
    expect(cardAir().badge).toHaveTextContent(/CO2 1,300 ppm/);
    // One subscription per linked sensor of the card.
    await waitFor(() =>
      expect(socket.emits('subscribe')).toEqual(
        expect.arrayContaining([{ sensor: OFFICE }, { sensor: KITCHEN }]),
      ),
    );
    const cachedList = JSON.stringify(store.getState().api.queries);

    // The kitchen airs out: the card says so at once.
    act(() =>
      socket.serverEmit('sensor:samples', {
        sensor: KITCHEN,
        samples: [
          { ts: '2026-11-27T09:58:00Z', co2: 900 },
          { ts: '2026-11-27T09:59:00Z', co2: 600 },
        ],
      }),
    );
    await waitFor(() => expect(cardAir().badge).toHaveTextContent(/CO2 600 ppm/));
    expect(cardAir().badge).toHaveAttribute('data-level', 'good');
    expect(screen.getByText('Air measured by Kitchen')).toBeInTheDocument();

    // The office turns very poor: the worst room wins, and the card names it.
    act(() =>
      socket.serverEmit('sensor:samples', {
        sensor: OFFICE,
        samples: [{ ts: '2026-11-27T10:00:00Z', co2: 1700 }],
      }),
    );
    await waitFor(() => expect(screen.getByText('Air measured by Office')).toBeInTheDocument());
    expect(cardAir().badge).toHaveAttribute('data-level', 'very_poor');
    expect(cardAir().badge).toHaveTextContent(/CO2 1,700 ppm/);

    // An older sample arriving late changes nothing; another sensor's sample is not this card's.
    act(() => {
      socket.serverEmit('sensor:samples', {
        sensor: OFFICE,
        samples: [{ ts: '2026-11-27T09:30:00Z', co2: 400 }],
      });
      socket.serverEmit('sensor:samples', {
        sensor: '01JSENSOROTHER000000000000',
        samples: [{ ts: '2026-11-27T10:01:00Z', co2: 5000 }],
      });
    });
    expect(cardAir().badge).toHaveTextContent(/CO2 1,700 ppm/);

    // The samples went to the card, not through the list: no reload, no cache write.
    expect(listLoads).toBe(1);
    expect(JSON.stringify(store.getState().api.queries)).toBe(cachedList);
    expect(screen.getByRole('link', { name: 'Open Living room' })).toHaveAttribute(
      'href',
      `/purifiers/${PURIFIER_ULID}/summary`,
    );
  });

  it('shows the first reading of a linked sensor that had none', async () => {
    const purifier = makePurifier({
      wifi_state: 'connected',
      air: null,
      air_sensors: [{ ulid: KITCHEN, name: 'Kitchen' }],
    });
    server.use(http.get('/api/purifiers', () => HttpResponse.json(hydra([purifier]))));
    const socket = socketFor(purifier);
    setRealtimeSocket(socket.asSocket());
    renderApp('/purifiers', signedIn(makeMe()));
    expect(await screen.findByText('No sensor reading')).toBeInTheDocument();
    await waitFor(() => expect(socket.emits('subscribe')).toContainEqual({ sensor: KITCHEN }));
    act(() =>
      socket.serverEmit('sensor:samples', {
        sensor: KITCHEN,
        samples: [{ ts: '2026-11-27T10:00:00Z', co2: 1300 }],
      }),
    );
    expect(await screen.findByText('Air measured by Kitchen')).toBeInTheDocument();
    expect(cardAir().badge).toHaveAttribute('data-level', 'poor');
  });
});
