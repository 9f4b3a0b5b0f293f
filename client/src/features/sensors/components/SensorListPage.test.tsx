import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import { makeSensor, page, SENSOR_ULID } from '../../../test/sensorFixtures.ts';

afterEach(() => setRealtimeSocket(null));

const VIEWED = '01JVIEWEDUSER0000000000000';

describe('sensor list', () => {
  it(
    'shows each sensor with its live values, network state and last seen date',
    { timeout: 15_000 },
    async () => {
      const queries: URLSearchParams[] = [];
      server.use(
        http.get('/api/sensors', ({ request }) => {
          queries.push(new URL(request.url).searchParams);
          return HttpResponse.json(page([makeSensor()]));
        }),
      );
      const socket = new FakeSocket(() => ({
        ok: true,
        sensor: {
          sensor: SENSOR_ULID,
          last_sample: makeSensor().last_sample,
          wifi_state: 'connected',
          last_seen_at: '2026-11-21T13:59:00Z',
        },
      }));
      setRealtimeSocket(socket.asSocket());
      renderApp('/sensors', signedIn(makeMe()));

      const card = (await screen.findByRole('link', { name: 'Open Meeting room' })).closest('li')!;
      expect(within(card).getByText('AQS-000042')).toBeInTheDocument();
      expect(within(card).getByText('612 ppm')).toBeInTheDocument();
      expect(within(card).getByText('21.4 °C')).toBeInTheDocument();
      expect(within(card).getByText('Wi-Fi connected')).toBeInTheDocument();
      expect(within(card).getByText('Last seen 21/11/2026 14:59')).toBeInTheDocument();
      // One sensor fits on one page: no pagination.
      expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
      // A user cannot provision.
      expect(screen.queryByRole('button', { name: 'Provision a sensor' })).not.toBeInTheDocument();

      // A new sample pushed on the sensor's channel shows at once.
      await waitFor(() => expect(socket.emits('subscribe')).toEqual([{ sensor: SENSOR_ULID }]));
      act(() =>
        socket.serverEmit('sensor:samples', {
          sensor: SENSOR_ULID,
          samples: [
            { ts: '2026-11-21T14:00:00Z', co2: 1250, pm25: 12, temperature: 22, humidity: 45 },
          ],
        }),
      );
      expect(await within(card).findByText('1,250 ppm')).toBeInTheDocument();
    },
  );

  it('searches by name or serial number', async () => {
    const searches: (string | null)[] = [];
    server.use(
      http.get('/api/sensors', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('search'));
        return HttpResponse.json(page([]));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/sensors', signedIn(makeMe()));
    expect(await screen.findByText('No sensor yet')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name or serial number' }),
      'AQS',
    );
    await waitFor(() => expect(searches).toContain('AQS'));
    expect(router.state.location.search).toBe('?search=AQS');
    expect(await screen.findByText('No sensor matches this search')).toBeInTheDocument();
  });

  it('keeps the view-as-user mode in the links of the list', async () => {
    const users: (string | null)[] = [];
    server.use(
      http.get('/api/sensors', ({ request }) => {
        users.push(new URL(request.url).searchParams.get('user'));
        return HttpResponse.json(page([makeSensor()]));
      }),
      http.get(`/api/users/${VIEWED}`, () =>
        HttpResponse.json({ ...makeMe(), ulid: VIEWED, firstname: 'Marie', lastname: 'Curie' }),
      ),
    );
    renderApp(`/sensors?user=${VIEWED}`, signedIn(makeMe({ role: 'ROLE_ADMIN' })));
    expect(await screen.findByRole('link', { name: 'Open Meeting room' })).toHaveAttribute(
      'href',
      `/sensors/${SENSOR_ULID}/graphs?user=${VIEWED}`,
    );
    expect(users).toContain(VIEWED);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sensors of this user');
    const banner = await screen.findByRole('region', { name: /viewing the products/ });
    expect(within(banner).getByRole('link', { name: 'Sensors' })).toHaveClass('is-active');
    // The banner's user is loaded before the test ends: a request still in flight after the
    // handlers are reset would fail and send the next test's app to the network error page.
    expect(await within(banner).findByText('Marie Curie')).toBeInTheDocument();
  });

  it('tells an administrator how long telemetry is kept, and nobody else', async () => {
    renderApp('/sensors', signedIn(makeMe({ role: 'ROLE_ADMIN' })));
    expect(
      await screen.findByText(
        'Raw samples are kept 13 months (since October 2025), hourly averages 60 months (since November 2021). Graphs of older periods show the hourly averages.',
      ),
    ).toBeInTheDocument();
  });

  it('does not show the retention to a technician', async () => {
    let asked = 0;
    server.use(
      http.get('/api/telemetry_retention', () => {
        asked += 1;
        return HttpResponse.json({}, { status: 403 });
      }),
    );
    renderApp('/sensors', signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    expect(await screen.findByText('No sensor yet')).toBeInTheDocument();
    expect(screen.queryByText(/Raw samples are kept/)).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('lets a technician provision a sensor and shows its device secret once, with its MQTT broker', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/sensors', () => HttpResponse.json(page([]))),
      http.post('/api/sensors', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        if (body.owner_email === 'nobody@example.test')
          return HttpResponse.json(hydraError(422, 'sensor_owner_not_found'), { status: 422 });
        return HttpResponse.json(
          {
            ...makeSensor({ serial_number: body.serial_number!, name: body.name! }),
            device_secret: 's3cr3t-XYZ',
            mqtt_url: 'mqtt://broker.example.test:1883',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/sensors', signedIn(makeMe({ role: 'ROLE_TECHNICIAN' })));
    await user.click((await screen.findAllByRole('button', { name: 'Provision a sensor' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Provision a sensor' });

    await user.click(within(dialog).getByRole('button', { name: 'Provision' }));
    expect(await within(dialog).findAllByText('Value is required')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('Serial number'), 'AQS-000099');
    await user.type(within(dialog).getByLabelText("Owner's e-mail address"), 'nobody@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Provision' }));
    expect(
      await within(dialog).findByText('No account uses this e-mail address'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Owner's e-mail address"));
    await user.type(within(dialog).getByLabelText("Owner's e-mail address"), 'Jeanne@Example.test');
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'Lab');
    await user.click(within(dialog).getByRole('button', { name: 'Provision' }));
    expect(await within(dialog).findByDisplayValue('s3cr3t-XYZ')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Copy the device secret' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('MQTT broker')).toHaveValue(
      'mqtt://broker.example.test:1883',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Copy the broker address' }),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      serial_number: 'AQS-000099',
      owner_email: 'jeanne@example.test',
      name: 'Lab',
    });
  });

  it('says when the list cannot load, with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/api/sensors', () =>
        fail
          ? HttpResponse.json(hydraError(429, 'too_many_requests'), { status: 429 })
          : HttpResponse.json(page([makeSensor()])),
      ),
    );
    const user = userEvent.setup();
    renderApp('/sensors', signedIn(makeMe()));
    expect(await screen.findByText('The sensors could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Open Meeting room' })).toBeInTheDocument();
  });

  it('colours CO2 and particles with their level, temperature and humidity plain', async () => {
    server.use(
      http.get('/api/sensors', () =>
        HttpResponse.json(
          page([
            makeSensor({
              last_sample: {
                ts: '2026-11-21T13:59:00Z',
                co2: 1300,
                pm25: 7.5,
                temperature: 21.4,
                humidity: 43,
              },
            }),
          ]),
        ),
      ),
    );
    renderApp('/sensors', signedIn(makeMe()));
    const card = (await screen.findByRole('link', { name: 'Open Meeting room' })).closest('li')!;
    const co2 = within(card).getByText('1,300 ppm').closest('.aq-badge')!;
    expect(co2).toHaveAttribute('data-level', 'poor');
    expect(co2).toHaveTextContent('Poor');
    expect(within(card).getByText('7.5 µg/m3').closest('.aq-badge')).toHaveAttribute(
      'data-level',
      'good',
    );
    // Temperature and humidity have no level.
    expect(card.querySelector('[data-measure="temperature"] [data-level]')).toBeNull();
    expect(card.querySelector('[data-measure="humidity"] [data-level]')).toBeNull();
    // The owner is not repeated to the owner.
    expect(within(card).queryByText(/^Owner:/)).not.toBeInTheDocument();
  });

  it('shows each card’s owner to administrators and technicians', async () => {
    server.use(
      http.get('/api/sensors', () =>
        HttpResponse.json(
          page([
            makeSensor({
              owner: {
                '@id': '/api/users/01JOTHER',
                ulid: '01JOTHER',
                firstname: 'Olga',
                lastname: 'Owner',
                email: 'olga@example.test',
              },
              last_sample: null,
            }),
          ]),
        ),
      ),
    );
    renderApp('/sensors', signedIn(makeMe({ role: 'ROLE_ADMIN' })));
    const card = (await screen.findByRole('link', { name: 'Open Meeting room' })).closest('li')!;
    expect(within(card).getByText('Owner: Olga Owner')).toHaveAttribute(
      'title',
      'olga@example.test',
    );
    // No values yet: a block of the same room as the values, so the cards line up.
    expect(card.querySelector('.sensor-values--none')).not.toBeNull();
  });
});
