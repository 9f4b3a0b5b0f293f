import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, newUser } from '../support/api.ts';
import { provisionSensor, signInThroughForm } from '../support/journey.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Graphs-1234';
const PHONE = { width: 375, height: 667 };

/** A user with a public sensor that reported a minute at a time, with a 20-minute silence. */
async function publicSensorWithGap() {
  const email = await newUser({ label: 'graphs', password: PASSWORD });
  const { ulid, serial, secret } = await provisionSensor(email);
  const device = new TestSensor(baseURL, { serial, secret });
  const minute = 60_000;
  const agos = [35, 34, 33, 32, 31, 30, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  for (const ago of agos)
    await device.post(
      { co2: 700 + ago * 20, pm25: 12, temperature: 21.5 + (ago % 2) * 0.1, humidity: 44 },
      new Date(Date.now() - ago * minute),
    );
  const owner = await apiAs(email, PASSWORD);
  const patched = await owner.patch(`/api/sensors/${ulid}`, {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { is_public: true },
  });
  expect(patched.status()).toBe(200);
  await owner.dispose();
  return { email, ulid };
}

/** The page is no wider than the screen and the chart starts within the first screen. */
async function expectFitsThePhone(page: Page) {
  const canvas = page.locator('.measure-chart__canvas canvas').first();
  await expect(canvas).toBeVisible();
  const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  const box = await page.locator('.measure-chart__canvas').boundingBox();
  expect(box).not.toBeNull();
  // At least the top 150 px of the chart are seen without scrolling.
  expect(box!.y + 150).toBeLessThanOrEqual(PHONE.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('at 375 px the graphs and the public graph page fit the phone, chart first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, ulid } = await publicSensorWithGap();

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  await page.goto(`/sensors/${ulid}/graphs`);
  await expectFitsThePhone(page);
  // The period is a select, the measures a disclosure that names the chosen ones.
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('last-hour');
  await expect(page.locator('.measure-picker__summary')).toContainText('CO2');
  await expect(page.getByRole('checkbox', { name: /Humidity/ })).toBeHidden();
  await page.locator('.measure-picker__summary').click();
  await expect(page.getByRole('checkbox', { name: /Humidity/ })).toBeVisible();
  // A calendar period still fits.
  await period.selectOption('day');
  await expect(page).toHaveURL(/mode=day/);
  await expect(page.locator('.graph-nav__label')).toBeVisible();
  const dayWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
  expect(dayWidth).toBeLessThanOrEqual(PHONE.width);
  await context.close();

  const visitor = await browser.newContext({ viewport: PHONE });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/sensor-graph/${ulid}`);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Meeting room' })).toBeVisible();
  await expectFitsThePhone(publicPage);
  // The network state and the last contact are two phrases, not "Wi-Fi connectedLast seen".
  await expect(publicPage.locator('.sensor-header__status')).not.toContainText(/connected\S/i);
  await visitor.close();
});

test('at 1,366 px the chart fits its card and draws a third unit in a pane of its own', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, ulid } = await publicSensorWithGap();
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInThroughForm(page, email, PASSWORD);
  await page.goto(`/sensors/${ulid}/graphs`);
  await expect(page.getByRole('radio', { name: 'Last hour' })).toBeChecked();
  const chart = page.locator('.measure-chart__canvas');
  await expect(chart.locator('canvas').first()).toBeVisible();
  const card = await page.locator('.sensor-graphs').boundingBox();
  const box = await chart.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(card!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
  // Three units (ppm, µg/m3, °C): the third in a pane of its own below, with its own axis.
  const panes = await chart.locator('table tr').count();
  expect(panes).toBeGreaterThanOrEqual(3); // two panes, a separator row and the time axis
  await context.close();
});
