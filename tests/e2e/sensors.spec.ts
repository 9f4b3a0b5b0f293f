import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { newUser } from '../support/api.ts';
import { provisionSensor, signInThroughForm } from '../support/journey.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Sensors-1234';

/** Paris date DD/MM/YYYY and HH:mm of an instant, as the CSV files write them. */
function parisDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return parts.replace(',', '');
}

/** A signed-in user with a sensor provisioned for them by the demo technician. */
async function userWithSensor(page: Page) {
  const email = await newUser({
    label: 'sensors',
    password: PASSWORD,
    firstname: 'Sam',
    lastname: 'Sensor',
  });
  const { ulid, serial, secret } = await provisionSensor(email);
  await signInThroughForm(page, email, PASSWORD);
  return { ulid, device: new TestSensor(baseURL, { serial, secret }) };
}

test('a user follows a live sensor, looks at a month, exports a week and imports a file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { ulid, device } = await userWithSensor(page);
  const minute = 60_000;
  for (const [ago, co2] of [
    [3, 500],
    [2, 520],
    [1, 540],
  ] as const)
    await device.post(
      { co2, pm25: 6, temperature: 21.5, humidity: 44 },
      new Date(Date.now() - ago * minute),
    );

  // The list shows the sensor and its latest values.
  await page.goto('/sensors');
  const card = page.locator('.sensor-card', { hasText: 'Meeting room' });
  await expect(card.getByText('540 ppm')).toBeVisible();
  await card.getByRole('link', { name: 'Open Meeting room' }).click();

  // The graphs open live on the last hour; a new sample moves the curve and the legend.
  await expect(page).toHaveURL(new RegExp(`/sensors/${ulid}/graphs`));
  await expect(page.getByRole('radio', { name: 'Last hour' })).toBeChecked();
  const co2 = page.locator('.measure-chart__legend-value[data-measure="co2"]');
  await expect(co2).toHaveText('540 ppm');
  await expect(page.locator('.measure-chart__canvas canvas').first()).toBeVisible();
  await device.post({ co2: 1234, pm25: 9, temperature: 22, humidity: 45 });
  await expect(co2).toHaveText('1,234 ppm');

  // A month view: the server picks the resolution, the caption says which.
  // The radio follows the URL: it is checked once the navigation has happened.
  await page.getByRole('radio', { name: 'Month' }).click();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(page).toHaveURL(/mode=month/);
  await expect(page.locator('.graph-caption')).toContainText(/Hourly averages|Every sample/);
  await expect(page.locator('.graph-nav__label')).toContainText(/\d{4}/);

  // Export the last seven days and read the file.
  await page.getByRole('link', { name: 'Settings' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/co2/i);
  expect(lines.length).toBeGreaterThanOrEqual(5);
  expect(csv).toContain('1234');
  expect(lines[0]).toMatch(/^timestamp,date,/);

  // The same days as an Excel workbook (a zip file: it starts with PK).
  await page.getByRole('radio', { name: 'Excel (.xlsx)' }).click();
  await expect(page.getByRole('radio', { name: 'Excel (.xlsx)' })).toBeChecked();
  const downloadingWorkbook = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const workbook = await downloadingWorkbook;
  expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await readFile(await workbook.path())).subarray(0, 2).toString('latin1')).toBe('PK');

  // Import a CSV with two bad lines: the report lists them.
  const base = Date.now() - 2 * 24 * 60 * minute;
  const rows = [0, 1, 2, 3].map(
    (i) => `${parisDateTime(new Date(base + i * minute))};${600 + i};20.5`,
  );
  const file = [
    'date;co2 (ppm);temperature (°C)',
    rows[0],
    'not a date;610;20.5',
    rows[1],
    `${parisDateTime(new Date(base + 10 * minute))};99999;20.5`,
    rows[2],
    rows[3],
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'history.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  // The preview comes first: the format, the columns and their units, then confirm.
  const preview = page.getByRole('group', { name: 'Check before importing' });
  await expect(preview.getByText('Format recognised: AirCloud CSV')).toBeVisible();
  await expect(
    preview.getByRole('row', { name: /temperature \(°C\) Temperature °C/ }),
  ).toBeVisible();
  await preview.getByRole('button', { name: 'Confirm the import' }).click();
  const report = page.getByRole('group', { name: 'Last import report' });
  await expect(report.getByText('Import completed')).toBeVisible({ timeout: 30_000 });
  const rejected = report.locator('.is-rejected dd');
  await expect(rejected).toHaveText('2');
  await expect(report.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(report.getByRole('cell', { name: '5', exact: true })).toBeVisible();
});

test('a logged-out browser opens a public graph, which closes when public view is turned off', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { ulid, device } = await userWithSensor(page);
  await device.post(
    { co2: 700, pm25: 8, temperature: 21, humidity: 40 },
    new Date(Date.now() - 60_000),
  );
  await page.goto(`/sensors/${ulid}/settings`);
  // The switch follows the saved sensor: it turns on once the server has said so.
  const publicView = page.getByRole('checkbox', { name: /Public view/ });
  await page.getByText('Public view', { exact: true }).click();
  await expect(publicView).toBeChecked();
  const link = page.getByLabel('Public link', { exact: true });
  await expect(link).toHaveValue(`${baseURL}/sensor-graph/${ulid}`);

  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/sensor-graph/${ulid}`);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Meeting room' })).toBeVisible();
  await expect(publicPage.locator('.measure-chart__legend-value[data-measure="co2"]')).toHaveText(
    '700 ppm',
  );
  await expect(publicPage.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // Live on the public page too.
  await device.post({ co2: 777, pm25: 8, temperature: 21, humidity: 40 });
  await expect(publicPage.locator('.measure-chart__legend-value[data-measure="co2"]')).toHaveText(
    '777 ppm',
  );

  await page.getByText('Public view', { exact: true }).click();
  await expect(publicView).not.toBeChecked();
  await expect(publicPage.getByText('This sensor is not public')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText('This sensor is not public')).toBeVisible();
  await visitor.close();
});
