import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Subject } from 'rxjs';
import type { PublicSensor } from '@aircloud/shared/sensors';
import { server } from '../../../test/server.ts';
import { hydraError } from '../../../test/fixtures.ts';
import { renderApp, signedOut } from '../../../test/renderApp.tsx';
import type { PublicSensorMessage } from '../streams/publicSensorChannel.ts';
import { makeMeasures, SENSOR_ULID } from '../../../test/sensorFixtures.ts';

const messages = new Subject<PublicSensorMessage>();
vi.mock('../streams/publicSensorChannel.ts', () => ({ publicSensor$: () => messages }));
vi.mock('../graphs/MeasureChart.tsx', () => ({
  MeasureChart: ({ measures }: { measures: string[] }) => (
    <p data-testid="chart">{measures.join(' ')}</p>
  ),
}));

const publicSensor: PublicSensor = {
  ulid: SENSOR_ULID,
  name: 'Lobby',
  short_name: '',
  wifi_state: 'connected',
  last_seen_at: '2026-11-21T13:59:00Z',
  last_sample: null,
};

describe('public sensor graphs', () => {
  it(
    'shows the graphs without an account, then closes when public view is turned off',
    { timeout: 15_000 },
    async () => {
      const asked: string[] = [];
      server.use(
        http.get(`/public/sensors/${SENSOR_ULID}`, () => HttpResponse.json(publicSensor)),
        http.get(`/public/sensors/${SENSOR_ULID}/measures`, ({ request }) => {
          asked.push(request.url);
          return HttpResponse.json(makeMeasures());
        }),
      );
      renderApp(`/sensor-graph/${SENSOR_ULID}`, signedOut());
      expect(await screen.findByRole('heading', { name: 'Lobby' })).toBeInTheDocument();
      expect(await screen.findByTestId('chart')).toHaveTextContent('co2 pm25 temperature');
      expect(asked.length).toBeGreaterThan(0);
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

      act(() => messages.next({ type: 'closed' }));
      expect(await screen.findByText('This sensor is not public')).toBeInTheDocument();
      expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    },
  );

  it('shows the not-found state when the sensor is not public', async () => {
    server.use(
      http.get(`/public/sensors/${SENSOR_ULID}`, () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    renderApp(`/sensor-graph/${SENSOR_ULID}`, signedOut());
    expect(await screen.findByText('This sensor is not public')).toBeInTheDocument();
  });
});
