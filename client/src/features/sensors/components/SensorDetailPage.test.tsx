import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LinkedPurifier, Sensor } from '@aircloud/shared/sensors';
import { server } from '../../../test/server.ts';
import { hydraError, makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { FakeSocket } from '../../../test/fakeSocket.ts';
import { setRealtimeSocket } from '../../../lib/realtime/socket.ts';
import {
  makeImport,
  makeMeasures,
  makeSensor,
  page,
  SENSOR_ULID,
} from '../../../test/sensorFixtures.ts';

// jsdom has no canvas: the chart shows what it was given instead of drawing it.
vi.mock('../graphs/MeasureChart.tsx', () => ({
  MeasureChart: ({
    measures,
    series,
    rollup,
  }: {
    measures: string[];
    series: Record<string, { t: number[] }>;
    rollup: boolean;
  }) => (
    <p data-testid="chart">
      {measures.map((m) => `${m}:${series[m]?.t.length ?? 0}`).join(' ')}
      {rollup ? ' rollup' : ''}
    </p>
  ),
}));

const DETAIL = `/sensors/${SENSOR_ULID}`;

afterEach(() => setRealtimeSocket(null));

/** Serves one sensor; PATCH merges the body into it and records it. */
function serveSensor(overrides: Partial<Sensor> = {}) {
  let sensor = makeSensor(overrides);
  const patches: Record<string, unknown>[] = [];
  server.use(
    http.get(`/api/sensors/${SENSOR_ULID}`, () => HttpResponse.json(sensor)),
    http.patch(`/api/sensors/${SENSOR_ULID}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      sensor = { ...sensor, ...body } as Sensor;
      return HttpResponse.json(sensor);
    }),
    http.get(`/api/sensors/${SENSOR_ULID}/imports`, () => HttpResponse.json(page([]))),
  );
  return patches;
}

describe('sensor detail', () => {
  it('opens on the graphs tab, tabs in the spec order', async () => {
    serveSensor();
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/measures`, () => HttpResponse.json(makeMeasures())),
    );
    const { router } = renderApp(DETAIL, signedIn(makeMe()));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${DETAIL}/graphs`));
    const tabs = await screen.findByRole('navigation', { name: 'Sensor sections' });
    // The spec's order; the tabs of other features (invitations, alert rules) are composed by the app.
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Parameters', 'Settings', 'Graphs', 'Invitations', 'Associations', 'Alert rules']);
    expect(await screen.findByTestId('chart')).toHaveTextContent('co2:2 pm25:2 temperature:2');
    expect(screen.getByText(/Every sample, as measured/)).toBeInTheDocument();
  });

  it('opens the Error page (404) for a sensor out of reach', async () => {
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}`, () =>
        HttpResponse.json(hydraError(404, 'not_found'), { status: 404 }),
      ),
    );
    const { router } = renderApp(`${DETAIL}/graphs`, signedIn(makeMe()));
    expect(await screen.findByText('The resource is not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/404');
  });
});

describe('graphs tab', () => {
  it('asks the day in Paris time, says when it is empty, and shows the roll-up caption', async () => {
    serveSensor();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/measures`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('to')!.startsWith('2026-10')
          ? HttpResponse.json(makeMeasures({ resolution: 'rollup', bucket_seconds: 3600 }))
          : HttpResponse.json(makeMeasures({ series: { co2: { t: [], v: [] } } }));
      }),
    );
    const user = userEvent.setup();
    renderApp(`${DETAIL}/graphs?mode=day&date=2026-11-01&m=co2`, signedIn(makeMe()));
    expect(await screen.findByText('No data in this period')).toBeInTheDocument();
    expect(asked[0]!.get('from')).toBe('2026-10-31T23:00:00.000Z');
    expect(asked[0]!.get('to')).toBe('2026-11-01T23:00:00.000Z');
    expect(asked[0]!.get('measures')).toBe('co2');
    expect(screen.getByText('01/11/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(await screen.findByTestId('chart')).toHaveTextContent('rollup');
    expect(screen.getByText(/Hourly averages; dashed lines/)).toBeInTheDocument();
    expect(screen.getByText('31/10/2026')).toBeInTheDocument();
  });

  it('offers a retry when the measures fail to load', async () => {
    serveSensor();
    let fail = true;
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/measures`, () =>
        fail
          ? HttpResponse.json(hydraError(429, 'too_many_requests'), { status: 429 })
          : HttpResponse.json(makeMeasures()),
      ),
    );
    const user = userEvent.setup();
    renderApp(`${DETAIL}/graphs?mode=day&date=2026-11-01`, signedIn(makeMe()));
    expect(await screen.findByText('The measures could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });
});

describe('parameters tab', () => {
  it('refuses a short name over 20 characters, then saves name and short name', async () => {
    const patches = serveSensor();
    const user = userEvent.setup();
    renderApp(`${DETAIL}/parameters`, signedIn(makeMe()));
    const shortName = await screen.findByLabelText('Short name');
    await user.clear(shortName);
    await user.type(shortName, 'A name far too long for it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The short name is at most 20 characters long'),
    ).toBeInTheDocument();
    expect(patches).toHaveLength(0);

    await user.clear(shortName);
    await user.type(shortName, 'Lab 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The parameters have been saved')).toBeInTheDocument();
    expect(patches).toEqual([{ name: 'Meeting room', short_name: 'Lab 2' }]);
  });
});

describe('settings tab', () => {
  it('turns the public view on and shows the public link', async () => {
    const patches = serveSensor();
    const user = userEvent.setup();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    expect(await screen.findByText('AQS-000042', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('10/01/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Public view/ }));
    expect(await screen.findByLabelText('Public link')).toHaveValue(
      `${window.location.origin}/sensor-graph/${SENSOR_ULID}`,
    );
    expect(patches).toEqual([{ is_public: true }]);
  });

  it('leaves publishing and cancelling an import to the owner of a shared sensor', async () => {
    serveSensor({
      owner: {
        '@id': '/api/users/01JOWNER000000000000000001',
        ulid: '01JOWNER000000000000000001',
        firstname: 'Bob',
        lastname: 'Martin',
        email: 'bob@example.com',
      },
    });
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/imports`, () =>
        HttpResponse.json(page([makeImport()])),
      ),
    );
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const toggle = await screen.findByRole('checkbox', { name: /Public view/ });
    expect(toggle).toBeDisabled();
    expect(screen.getByText("Only the sensor's owner can make it public.")).toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Importing history.csv' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the history/ })).not.toBeInTheDocument();
  });

  it('refuses an export over one month before asking, and downloads a week', async () => {
    serveSensor();
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/export`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse('date;co2 (ppm)\n14/11/2026 00:00;600\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }),
    );
    const created = vi.fn(() => 'blob:export');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const first = await screen.findByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '01/10/2026');
    await user.clear(last);
    await user.type(last, '01/11/2026');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('An export covers at most one month: choose a shorter period'),
    ).toBeInTheDocument();
    expect(exports).toHaveLength(0);

    await user.clear(first);
    await user.type(first, '14/11/2026');
    await user.clear(last);
    await user.type(last, '20/11/2026');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(exports[0]!.get('from')).toBe('2026-11-13T23:00:00.000Z');
    expect(exports[0]!.get('to')).toBe('2026-11-20T23:00:00.000Z');
    expect(exports[0]!.get('format')).toBe('csv');
  });

  it('offers CSV and Excel, and downloads the chosen one', async () => {
    serveSensor();
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/export`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        exports.push(params);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type':
              params.get('format') === 'xlsx'
                ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
                : 'text/csv',
          },
        });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:export-${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const csv = await screen.findByRole('radio', { name: 'CSV' });
    const excel = screen.getByRole('radio', { name: 'Excel (.xlsx)' });
    expect(csv).toBeChecked();
    expect(screen.getByRole('group', { name: 'Format' })).toContainElement(excel);
    await user.click(excel);
    expect(excel).toBeChecked();
    expect(
      screen.getByText(/opens right in a spreadsheet whatever its language/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports[0]!.get('format')).toBe('xlsx');
    expect(saved[0]).toMatch(
      /^AQS-000042_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx blob:export-1$/,
    );
    expect(blobs[0]!.size).toBe(4);
    click.mockRestore();
  });

  it('shows the server text when the period is past the raw samples kept', async () => {
    serveSensor();
    const text =
      'Raw samples older than 13 months are no longer kept: choose a more recent period (the graph still shows the hourly averages)';
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/export`, () =>
        HttpResponse.json(
          {
            '@type': 'ConstraintViolationList',
            'hydra:description': 'export_period_expired',
            violations: [{ propertyPath: 'from', code: 'export_period_expired', message: text }],
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const first = await screen.findByLabelText('First day');
    const last = screen.getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '01/01/2025');
    await user.clear(last);
    await user.type(last, '07/01/2025');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('follows an import live, cancels it after confirmation, and shows the last report', async () => {
    serveSensor();
    let imports = [makeImport()];
    const cancelled: string[] = [];
    server.use(
      http.get(`/api/sensors/${SENSOR_ULID}/imports`, () => HttpResponse.json(page(imports))),
      http.delete('/api/sensor_imports/:id', ({ params }) => {
        cancelled.push(String(params.id));
        imports = [makeImport({ state: 'cancelled', finished_at: '2026-11-21T14:05:00Z' })];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const socket = new FakeSocket(() => ({
      ok: true,
      sensor: {
        sensor: SENSOR_ULID,
        last_sample: null,
        wifi_state: 'connected',
        last_seen_at: null,
      },
    }));
    setRealtimeSocket(socket.asSocket());
    const user = userEvent.setup();
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const bar = await screen.findByRole('progressbar', { name: 'Importing history.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    await waitFor(() => expect(socket.emits('subscribe')).toContainEqual({ sensor: SENSOR_ULID }));

    act(() =>
      socket.serverEmit('sensor-import:updated', makeImport({ bytes_read: 750, rows_stored: 30 })),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    expect(screen.getByText('30 rows stored, 1 rejected so far')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel the import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/stored so far will be removed/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(cancelled).toEqual(['01JIMPORT0000000000000000']));
    expect(await screen.findByText('Import cancelled')).toBeInTheDocument();
    expect(screen.getByText('The rows it had stored were removed.')).toBeInTheDocument();
    // The count of rows it had stored is not called "Stored" any more.
    expect(screen.getByText('Stored, then removed')).toBeInTheDocument();
    expect(screen.queryByText('Stored', { exact: true })).not.toBeInTheDocument();

    // A later import finishes with two rejected lines: the report lists them.
    act(() =>
      socket.serverEmit(
        'sensor-import:updated',
        makeImport({
          id: '01JIMPORT0000000000000001',
          state: 'completed',
          created_at: '2026-11-21T15:00:00Z',
          finished_at: '2026-11-21T15:01:00Z',
          rows_read: 12,
          rows_stored: 10,
          rows_rejected: 2,
          rejections: [
            { line: 4, reason: 'import.bad_date', column: 'date' },
            { line: 9, reason: 'validation.max_value', column: 'co2' },
          ],
        }),
      ),
    );
    const report = await screen.findByRole('group', { name: 'Last import report' });
    expect(within(report).getByText('Import completed')).toBeInTheDocument();
    expect(within(report).getByRole('table')).toHaveTextContent('4');
    expect(within(report).getByRole('table')).toHaveTextContent('9');
  });

  it('refuses a file that is not a .csv before sending it', async () => {
    serveSensor();
    const user = userEvent.setup({ applyAccept: false });
    renderApp(`${DETAIL}/settings`, signedIn(makeMe()));
    const input = await screen.findByLabelText('CSV file');
    await user.upload(input, new File(['x'], 'data.xlsx', { type: 'application/octet-stream' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file is invalid, use a .csv file')).toBeInTheDocument();
  });
});

describe('associations tab', () => {
  const linked = (n: number): LinkedPurifier[] =>
    Array.from({ length: n }, (_, i) => ({
      '@id': `/api/purifiers/01JPURIFIER00000000000000${i}`,
      ulid: `01JPURIFIER00000000000000${i}`,
      name: `Purifier ${i + 1}`,
      serial_number: `HEPA-${i}`,
    }));

  it('refuses a ninth purifier with the catalogue message', async () => {
    serveSensor({ purifiers: linked(8) });
    const puts: unknown[] = [];
    server.use(
      http.get('/api/purifiers', () =>
        HttpResponse.json(
          page([
            {
              '@id': '/api/purifiers/01JPURIFIER0000000000000NEW',
              ulid: '01JPURIFIER0000000000000NEW',
              name: 'Hall',
              serial_number: 'HEPA-99',
            },
          ]),
        ),
      ),
      http.put(`/api/sensors/${SENSOR_ULID}/purifiers`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(makeSensor());
      }),
    );
    const user = userEvent.setup();
    renderApp(`${DETAIL}/associations`, signedIn(makeMe()));
    expect(await screen.findByText('8/8')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Link Hall' }));
    expect(
      await screen.findByText('A sensor can be linked to at most 8 purifiers'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unlink Purifier 1' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0] as { purifiers: string[] }).purifiers).toHaveLength(7);
  });
});
