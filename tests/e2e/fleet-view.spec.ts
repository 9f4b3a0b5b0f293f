import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { TestSensor } from '../support/sensor.ts';
import { provisionSensor, signInThroughForm } from '../support/journey.ts';
import { apiAs, DEMO_PASSWORD, exportedKey } from '../support/api.ts';

/** The number of a count link in a region of the fleet view ("12 Connected" → 12). */
async function count(page: Page, region: string, label: string): Promise<number> {
  const link = page
    .getByRole('region', { name: region, exact: true })
    .getByRole('link', { name: new RegExp(`^[\\d,]+ ${label}$`) });
  const text = (await link.textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test('an administrator watches the fleet live and drills down to an owner’s products', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sensor = await provisionSensor('user@demo.test');
  // The e2e demo has no purifier: the user adds one (not configured until it speaks).
  const user = await apiAs('user@demo.test');
  const activated = await user.post('/api/purifiers/activate', {
    data: { key: (await exportedKey()).key },
  });
  expect(activated.status()).toBe(201);
  await user.dispose();
  await signInThroughForm(page, 'admin@demo.test', DEMO_PASSWORD);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Fleet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sensors', exact: true })).toBeVisible();
  const notConfigured = await count(page, 'Sensors', 'Not configured');
  const connected = await count(page, 'Sensors', 'Connected');
  expect(notConfigured).toBeGreaterThan(0);
  expect(await count(page, 'Purifiers', 'Not configured')).toBeGreaterThan(0);

  // The new sensor speaks for the first time: the counts follow without a reload (other
  // journeys run on the same server, so only the direction is certain).
  await new TestSensor(baseURL, sensor).post({ co2: 640, pm25: 6 });
  await expect
    .poll(() => count(page, 'Sensors', 'Connected'), { timeout: 20_000 })
    .toBeGreaterThan(connected);
  await expect(page.getByRole('status').filter({ hasText: /^Live/ })).toBeVisible();

  // A number opens the list behind it; a row opens its owner's products as that user.
  await page
    .getByRole('region', { name: 'Purifiers', exact: true })
    .getByRole('link', { name: /^[\d,]+ Not configured$/ })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Purifiers · Not configured' }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'user@demo.test' }).first();
  await row.getByRole('link', { name: /View the products of/ }).click();
  await expect(page).toHaveURL(/\/purifiers\?user=/);
  await expect(page.getByText('You are currently viewing the products of user')).toBeVisible();
});

test('the fleet view fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughForm(page, 'tech@demo.test', DEMO_PASSWORD);
  await page.goto('/fleet');
  await expect(page.getByRole('region', { name: 'Firmware versions' })).toBeVisible();
  const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
  expect(width).toBeLessThanOrEqual(375);
  await page.goto('/fleet/devices?kind=sensor');
  await expect(page.getByRole('heading', { level: 1, name: 'Sensors' })).toBeVisible();
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
    375,
  );
});
