import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SensorImport, SensorImportPreview } from '@aircloud/shared/sensors';
import { server } from '../../../test/server.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { renderApp, signedIn } from '../../../test/renderApp.tsx';
import { makeImport, makeSensor, page, SENSOR_ULID } from '../../../test/sensorFixtures.ts';

const SETTINGS = `/sensors/${SENSOR_ULID}/settings`;

const AIRTHINGS = [
  'recorded;RADON_SHORT_TERM_AVG Bq/m3;TEMP °F;HUMIDITY %;CO2 ppm',
  '2026-07-01T00:00:00;12;71.6;45;612',
  'yesterday;12;71.6;45;612',
].join('\n');

const PREVIEW: SensorImportPreview = {
  '@type': 'SensorImportPreview',
  file_name: 'airthings.csv',
  vendor: 'airthings',
  time_zone: 'Europe/Paris',
  time_zone_source: 'owner',
  columns: [
    {
      column: 'recorded',
      measure: null,
      quantity: 'time',
      unit: null,
      conversion: null,
      status: 'time',
      reason: null,
    },
    {
      column: 'RADON_SHORT_TERM_AVG Bq/m3',
      measure: null,
      quantity: 'radon',
      unit: 'Bq/m3',
      conversion: null,
      status: 'ignored',
      reason: 'import.measure_not_stored',
    },
    {
      column: 'TEMP °F',
      measure: 'temperature',
      quantity: 'temperature',
      unit: '°F',
      conversion: '°F → °C',
      status: 'stored',
      reason: null,
    },
    {
      column: 'VOC mg/m3',
      measure: null,
      quantity: 'tvoc',
      unit: 'mg/m3',
      conversion: null,
      status: 'refused',
      reason: 'import.unknown_unit',
    },
  ],
  rows: [{ line: 2, ts: '2026-06-30T22:00:00.000Z', temperature: 22, co2: 612 }],
  rejections: [{ line: 3, reason: 'import.bad_date', column: 'recorded' }],
  rows_read: 2,
};

/** Serves the sensor and its imports; records the import POSTs and DELETEs. */
function serve(initial: SensorImport[] = []) {
  let imports = initial;
  const posts: string[] = [];
  const deletes: string[] = [];
  server.use(
    http.get(`/api/sensors/${SENSOR_ULID}`, () => HttpResponse.json(makeSensor())),
    http.get(`/api/sensors/${SENSOR_ULID}/imports`, () => HttpResponse.json(page(imports))),
    http.post(`/api/sensors/${SENSOR_ULID}/imports`, ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dry_run') === '1';
      posts.push(dryRun ? 'preview' : 'import');
      if (dryRun) return HttpResponse.json(PREVIEW);
      const created = makeImport({ file_name: 'airthings.csv', state: 'pending', bytes_read: 0 });
      imports = [created];
      return HttpResponse.json(created, { status: 202 });
    }),
    http.delete('/api/sensor_imports/:id', ({ params }) => {
      deletes.push(String(params.id));
      imports = imports.map((i) =>
        i.id === params.id ? { ...i, state: 'reverted', reverted_at: '2026-11-21T16:00:00Z' } : i,
      );
      return HttpResponse.json(imports[0]);
    }),
  );
  return { posts, deletes };
}

async function chooseAirthingsFile(user: ReturnType<typeof userEvent.setup>) {
  const input = await screen.findByLabelText('CSV file');
  await user.upload(input, new File([AIRTHINGS], 'airthings.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return screen.findByRole('group', { name: 'Check before importing' });
}

describe('sensor import preview', () => {
  it('Airthings file: shows the vendor, the mapping, the first rows and the rejected ones, then imports on confirm', async () => {
    const { posts } = serve();
    const user = userEvent.setup();
    renderApp(SETTINGS, signedIn(makeMe()));
    const preview = await chooseAirthingsFile(user);
    expect(posts).toEqual(['preview']);

    expect(within(preview).getByText('Format recognised: Airthings')).toBeInTheDocument();
    expect(
      within(preview).getByText(
        "Times without a time zone are read as Europe/Paris time, the sensor owner's.",
      ),
    ).toBeInTheDocument();
    const mapping = within(preview).getByRole('table', { name: 'Columns of the file' });
    const temp = within(mapping).getByText('TEMP °F').closest('tr')!;
    expect(temp).toHaveTextContent('Temperature');
    expect(temp).toHaveTextContent('°F → °C');
    expect(temp).toHaveTextContent('Imported');
    const voc = within(mapping).getByText('VOC mg/m3').closest('tr')!;
    expect(voc).toHaveTextContent('Refused');
    expect(voc).toHaveTextContent('Unit mg/m3 is not one we can convert');
    const radon = within(mapping).getByText('RADON_SHORT_TERM_AVG Bq/m3').closest('tr')!;
    expect(radon).toHaveTextContent('AirCloud does not store this measure');

    const rows = within(preview).getByRole('table', { name: 'First rows as they will be stored' });
    expect(within(rows).getAllByRole('row')).toHaveLength(2);
    expect(rows).toHaveTextContent('22');
    expect(rows).toHaveTextContent('612');
    const rejected = within(preview).getByRole('table', { name: 'Lines that will be rejected' });
    expect(rejected).toHaveTextContent('3');
    expect(rejected).toHaveTextContent('(recorded)');

    await user.click(within(preview).getByRole('button', { name: 'Confirm the import' }));
    await waitFor(() => expect(posts).toEqual(['preview', 'import']));
    expect(
      await screen.findByRole('progressbar', { name: 'Importing airthings.csv' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Check before importing' })).toBeNull();
  });

  it('cancelling the preview stores nothing and gives the form back', async () => {
    const { posts } = serve();
    const user = userEvent.setup();
    renderApp(SETTINGS, signedIn(makeMe()));
    const preview = await chooseAirthingsFile(user);
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    expect(posts).toEqual(['preview']);
  });
});

describe('undo of a completed import', () => {
  it('asks for confirmation, then removes its rows and shows it undone', async () => {
    const { deletes } = serve([
      makeImport({
        state: 'completed',
        bytes_read: 1000,
        finished_at: '2026-11-21T14:05:00Z',
      }),
    ]);
    const user = userEvent.setup();
    renderApp(SETTINGS, signedIn(makeMe()));
    const report = await screen.findByRole('group', { name: 'Last import report' });
    await user.click(within(report).getByRole('button', { name: 'Undo this import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/history.csv stored will be removed/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Undo the import' }));
    await waitFor(() => expect(deletes).toEqual(['01JIMPORT0000000000000000']));
    expect(await screen.findByText('Import undone')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The rows it stored were removed; samples the sensor sent itself were kept.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
  });
});
