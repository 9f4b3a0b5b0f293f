import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { exportedKey, newUser } from '../support/api.ts';
import { setReportingInterval, TestPurifier } from '../support/device.ts';
import { activatePurifier, signInThroughForm } from '../support/journey.ts';

const PASSWORD = 'Devices-1234';
/** Seconds between two reports: the worker calls a purifier disconnected after 3 of them. */
const INTERVAL_S = 2;

/** Signs in, adds a purifier from a fresh key through the API; returns its serial, key, ulid. */
async function userWithPurifier(page: Page) {
  const email = await newUser({
    label: 'devices',
    password: PASSWORD,
    firstname: 'Dev',
    lastname: 'Ice',
  });
  const { key, serial } = await exportedKey();
  await signInThroughForm(page, email, PASSWORD);
  const ulid = await activatePurifier(page, key);
  await setReportingInterval(Number(new URL(baseURL).port), serial, INTERVAL_S);
  return { key, serial, ulid };
}

let device: TestPurifier | null = null;
test.afterEach(() => {
  device?.stop();
  device = null;
});

test('the list follows a purifier going silent and coming back, without reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { key, serial } = await userWithPurifier(page);
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: serial });
  await expect(card.getByText('Wi-Fi not configured')).toBeVisible();
  // Nothing below reloads: every change arrives through the socket.
  let loads = 0;
  page.on('load', () => (loads += 1));

  device = new TestPurifier(baseURL, { serial, key }, INTERVAL_S);
  await device.start();
  await expect(card.getByText('Wi-Fi connected')).toBeVisible();

  // Silent for 3 intervals, then the worker's watch (every 15 s) calls it disconnected.
  device.stop();
  await expect(card.getByText('Wi-Fi disconnected')).toBeVisible({ timeout: 30_000 });

  await device.start();
  await expect(card.getByText('Wi-Fi connected')).toBeVisible();
  expect(loads).toBe(0);
});

test('boost chosen on the page reaches the device, and its report shows on the page', async ({
  page,
}) => {
  const { key, serial, ulid } = await userWithPurifier(page);
  device = new TestPurifier(baseURL, { serial, key }, INTERVAL_S);
  await device.start();

  await page.goto(`/purifiers/${ulid}/parameters`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.locator('.purifier-header').getByText('auto mode')).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.getByRole('radio', { name: 'Boost' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The parameters have been saved')).toBeVisible();

  // The device got the command on its socket, acknowledged it and reported boost.
  await expect.poll(() => device?.commands.map((d) => d.mode)).toContain('boost');
  await expect.poll(() => device?.mode).toBe('boost');
  const header = page.locator('.purifier-header');
  await expect(header.getByText('boost mode')).toBeVisible();
  await expect(header.getByText(/device still in/)).toHaveCount(0);
  await expect(header.getByText(/not confirmed by the device/)).toHaveCount(0);
  expect(loads).toBe(0);
});
