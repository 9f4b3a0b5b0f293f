import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, newUser } from '../support/api.ts';
import { provisionSensor, signInThroughForm } from '../support/journey.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Overview-1234';

test('the overview puts the worst room first and a tile changes level live', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await newUser({ label: 'overview', password: PASSWORD, lang: 'en' });
  const office = await provisionSensor(email);
  const lobby = await provisionSensor(email);
  const owner = await apiAs(email, PASSWORD);
  for (const [sensor, name] of [
    [office, 'Office'],
    [lobby, 'Lobby'],
  ] as const) {
    const renamed = await owner.patch(`/api/sensors/${sensor.ulid}`, {
      data: { name },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect(renamed.status()).toBe(200);
  }
  await owner.dispose();
  const officeDevice = new TestSensor(baseURL, office);
  const lobbyDevice = new TestSensor(baseURL, lobby);
  await officeDevice.post({ co2: 620, pm25: 4 }, new Date(Date.now() - 120_000));
  await lobbyDevice.post({ co2: 1250, pm25: 4 }, new Date(Date.now() - 120_000));

  await signInThroughForm(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const tiles = page.getByRole('article');
  await expect(tiles).toHaveCount(2);
  // Worst first, the level written beside the colour.
  await expect(tiles.nth(0).getByRole('heading')).toHaveText('Lobby');
  await expect(tiles.nth(0).locator('.overview-tile__level')).toHaveText('Poor');
  await expect(tiles.nth(1).locator('.overview-tile__level')).toHaveText('Good');

  // The office's air turns very poor: its tile says so and moves first, without a reload.
  await officeDevice.post({ co2: 1800, pm25: 4 }, new Date());
  await expect(
    page.getByRole('article', { name: 'Office' }).locator('.overview-tile__level'),
  ).toHaveText('Very poor');
  await expect(tiles.nth(0).getByRole('heading')).toHaveText('Office');

  // Filter by level.
  await page.getByRole('radio', { name: /^Poor/ }).click();
  await expect(tiles).toHaveCount(1);
  await expect(tiles.nth(0).getByRole('heading')).toHaveText('Lobby');
});
