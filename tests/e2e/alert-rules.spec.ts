import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { exportedKey, newUser } from '../support/api.ts';
import { TestPurifier } from '../support/device.ts';
import { activatePurifier, provisionSensor, signInThroughForm } from '../support/journey.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Alerts-1234';

/**
 * A signed-in user with a purifier (in silence, its device connected) and a sensor provisioned
 * for them by the demo technician and linked to the purifier.
 */
async function userWithSensorAndPurifier(page: Page) {
  const email = await newUser({
    label: 'alerts',
    password: PASSWORD,
    firstname: 'Al',
    lastname: 'Ert',
  });
  const { key, serial } = await exportedKey();
  await signInThroughForm(page, email, PASSWORD);
  const headers = { Origin: baseURL };
  const purifier = await activatePurifier(page, key);
  const silenced = await page.request.patch(`/api/purifiers/${purifier}`, {
    headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
    data: { mode: 'silence' },
  });
  expect(silenced.status()).toBe(200);

  const sensor = await provisionSensor(email);
  const linked = await page.request.put(`/api/sensors/${sensor.ulid}/purifiers`, {
    headers,
    data: { purifiers: [purifier] },
  });
  expect(linked.status()).toBe(200);
  return {
    purifier,
    purifierDevice: { serial, key },
    sensor: sensor.ulid,
    sensorDevice: { serial: sensor.serial, secret: sensor.secret },
  };
}

let device: TestPurifier | null = null;
test.afterEach(() => {
  device?.stop();
  device = null;
});

test('a CO2 rule launches auto on the linked purifier and gives it back when CO2 falls', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const setup = await userWithSensorAndPurifier(page);
  device = new TestPurifier(baseURL, setup.purifierDevice, 30);
  await device.start();
  const sensor = new TestSensor(baseURL, setup.sensorDevice);

  // The purifier's detail, open in a second tab, follows the purifier live.
  const purifierPage = await context.newPage();
  await purifierPage.goto(`/purifiers/${setup.purifier}`);
  await expect(purifierPage.getByText('silence mode').first()).toBeVisible();

  // The user creates the rule: CO2 above the recommended "high" 1000 ppm launches auto.
  await page.goto(`/sensors/${setup.sensor}/triggeralerts`);
  await expect(page.getByRole('link', { name: 'Alert rules' })).toHaveClass(/is-active/);
  await expect(page.getByText('No alert rule yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByRole('button', { name: /High · 1,000 ppm/ }).click();
  await expect(dialog.getByLabel('Threshold (greater than) (ppm)')).toHaveValue('1000');
  await dialog.getByLabel('Confirm time (seconds)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: '> 1,000 ppm' });
  await expect(row).toContainText('Auto');
  await expect(row).toContainText('Not triggered');

  // The sensor reports CO2 above the threshold: the rule triggers.
  await sensor.post({ co2: 640 });
  await sensor.post({ co2: 1240 });
  await expect(
    page.getByText('Meeting room: CO2 at 1,240 ppm is above 1,000, auto launched'),
  ).toBeVisible();
  await expect(row).toContainText('Triggered');
  const history = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'History of triggered rules' }) });
  const triggered = history.getByRole('row').filter({ hasText: 'Triggered' });
  await expect(triggered).toContainText('1,240 ppm');
  await expect(triggered).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  // The purifier's mode changed on screen, and the device got the command.
  await expect(purifierPage.getByText('auto mode').first()).toBeVisible();
  await expect.poll(() => device!.mode).toBe('auto');

  // CO2 falls below the threshold minus the hysteresis (950 ppm): the rule stops.
  await sensor.post({ co2: 700 });
  await expect(history.getByRole('row').filter({ hasText: 'Stopped' })).toContainText('700 ppm');
  await expect(row).toContainText('Not triggered');
  await expect(purifierPage.getByText('silence mode').first()).toBeVisible();
  await expect.poll(() => device!.mode).toBe('silence');
});
