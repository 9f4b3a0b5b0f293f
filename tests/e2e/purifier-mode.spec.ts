import { expect, test, type Page } from '@playwright/test';
import { defaultPurifierName } from '@aircloud/shared/purifiers';
import { baseURL } from '../playwright.config.ts';
import { exportedKey, newUser } from '../support/api.ts';
import { setReportingInterval, TestPurifier } from '../support/device.ts';
import { activatePurifier, provisionSensor, signInThroughForm } from '../support/journey.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Purifier-mode-1234';
const INTERVAL_S = 2;

async function userWithPurifier(page: Page, lang: 'en' | 'fr' = 'en') {
  const email = await newUser({
    label: 'purifier-mode',
    lang,
    password: PASSWORD,
    firstname: 'Mo',
    lastname: 'De',
  });
  const { key, serial } = await exportedKey('HEPA_DOME_WHITE');
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

test('the mode changes in one tap from the list: pending, then confirmed by the device', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { key, serial } = await userWithPurifier(page);
  // The device reports once (auto), then goes quiet: the change waits for its next report.
  device = new TestPurifier(baseURL, { serial, key }, INTERVAL_S);
  await device.start();
  device.stop();

  await page.goto('/purifiers');
  const card = page.getByRole('listitem').filter({ hasText: serial });
  // A readable default name, not the bare serial.
  await expect(
    card.getByRole('link', { name: `Open ${defaultPurifierName('HEPA_DOME_WHITE', serial)}` }),
  ).toBeVisible();
  const group = card.getByRole('radiogroup', { name: /^Mode of / });
  await expect(group.getByRole('radio', { name: 'Auto' })).toBeChecked();
  await expect(card.getByRole('status')).toHaveText('Confirmed by the device');
  let loads = 0;
  page.on('load', () => (loads += 1));

  // One tap: no Parameters tab, no Save.
  await group.getByRole('radio', { name: 'Boost' }).check();
  await expect(card.getByRole('status')).toHaveText(
    'Waiting for the device to confirm (still in auto)',
  );
  await expect(group.getByRole('radio', { name: 'Boost' })).toBeChecked();

  // The device reports again, takes boost from the answer and confirms it: live, no reload.
  await device.start();
  await expect.poll(() => device?.mode).toBe('boost');
  await expect(card.getByRole('status')).toHaveText('Confirmed by the device');
  expect(loads).toBe(0);
});

test("the card's air follows its linked sensor live: a sample posted changes the reading", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = await newUser({ label: 'card-air', lang: 'en', password: PASSWORD });
  const { key, serial } = await exportedKey('HEPA_DOME_WHITE');
  await signInThroughForm(page, email, PASSWORD);
  const purifier = await activatePurifier(page, key);
  const sensor = await provisionSensor(email);
  const headers = { Origin: baseURL };
  const renamed = await page.request.patch(`/api/sensors/${sensor.ulid}`, {
    headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
    data: { name: 'Kitchen' },
  });
  expect(renamed.status()).toBe(200);
  const linked = await page.request.put(`/api/sensors/${sensor.ulid}/purifiers`, {
    headers,
    data: { purifiers: [purifier] },
  });
  expect(linked.status()).toBe(200);
  const kitchen = new TestSensor(baseURL, sensor);
  await kitchen.post({ co2: 620, pm25: 4 }, new Date(Date.now() - 60_000));

  await page.goto('/purifiers');
  const card = page.getByRole('listitem').filter({ hasText: serial });
  const air = card.locator('.purifier-card__air');
  await expect(air).toContainText('Air measured by Kitchen');
  await expect(air.locator('.aq-badge')).toHaveAttribute('data-level', 'good');
  let loads = 0;
  page.on('load', () => (loads += 1));
  let listCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/purifiers') listCalls += 1;
  });

  // The kitchen's air turns very poor: the card says so, without a reload of the page or list.
  await kitchen.post({ co2: 1800, pm25: 4 }, new Date());
  await expect(air.locator('.aq-badge')).toHaveAttribute('data-level', 'very_poor');
  await expect(air.locator('.aq-badge')).toContainText('1,800');
  expect(loads).toBe(0);
  expect(listCalls).toBe(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test("the schedule's save bar and day actions stay inside a 375 px screen", async ({ page }) => {
    // In French, as the walk-through saw it ("Vider la semaine" at x = -86 px).
    const { ulid } = await userWithPurifier(page, 'fr');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/purifiers/${ulid}/schedule`);
    const clear = page.getByRole('button', { name: 'Vider la semaine' });
    await expect(clear).toBeVisible();
    // One slot on Monday, so every action is live.
    await page.getByRole('button', { name: /Ajouter un créneau le lundi/i }).click();
    for (const name of [
      'Vider la semaine',
      'Annuler les modifications',
      'Enregistrer la programmation',
    ]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    }
    // "Add a slot" keeps to one line (it wrapped to three lines).
    const add = page.getByRole('button', { name: /Ajouter un créneau le mardi/i });
    const addBox = (await add.boundingBox())!;
    // One line is about 36 px high (min-height 2.2rem); three lines were over 60 px.
    expect(addBox.height).toBeLessThan(50);
    // No timeline bar spills out of its day card.
    const days = page.locator('.day.card');
    const count = await days.count();
    expect(count).toBe(7);
    for (let i = 0; i < count; i += 1) {
      const dayBox = (await days.nth(i).boundingBox())!;
      const barBox = (await days.nth(i).locator('.timeline').boundingBox())!;
      expect(barBox.x).toBeGreaterThanOrEqual(dayBox.x);
      expect(barBox.x + barBox.width).toBeLessThanOrEqual(dayBox.x + dayBox.width);
    }
    // The page does not scroll sideways.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
