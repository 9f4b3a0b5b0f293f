import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, DEMO_PASSWORD, exportedKey } from '../support/api.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'var', 'screenshots');

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page).toHaveURL(/\/purifiers/);
}

async function shot(page: Page, name: string, height = 900): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height });
  // Let fades and toasts settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `operations-${name}.png`) });
}

/** A purifier of user@demo.test, added with a fresh exported product key; answers its ulid. */
async function newUserPurifier(name: string): Promise<string> {
  const key = await exportedKey();

  const user = await apiAs('user@demo.test');
  const activated = await user.post('/api/purifiers/activate', { data: { key: key.key } });
  expect(activated.status()).toBe(201);
  const ulid = (await activated.json()).ulid as string;
  const patched = await user.patch(`/api/purifiers/${ulid}`, {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { name, mode: 'off' },
  });
  expect(patched.status()).toBe(200);
  await user.dispose();
  return ulid;
}

let alertSeq = 0;
/** Cisco Meraki's webhook body of an MT sensor alert. */
function merakiAlert(secret: string, metric = 'co2', startedAlerting = true) {
  alertSeq += 1;
  return {
    version: '0.1',
    sharedSecret: secret,
    sentAt: new Date().toISOString(),
    organizationId: '123456',
    organizationName: 'Acme',
    networkId: 'N_24329156',
    networkName: 'Office',
    deviceSerial: 'Q2XX-AAAA-BBBB',
    deviceMac: '00:11:22:33:44:55',
    deviceName: 'MT15 meeting room',
    deviceModel: 'MT15',
    alertId: `${Date.now()}${alertSeq}`,
    alertType: 'Sensor change detected',
    alertTypeId: 'sensor_alert',
    alertLevel: 'warning',
    occurredAt: new Date().toISOString(),
    alertData: {
      // One alert profile condition per measure (PM2.5 and pm25 are the same one).
      alertConfigId: metric.toLowerCase().replace(/[^a-z0-9]/g, ''),
      alertConfigName: `${metric} above threshold`,
      startedAlerting,
      triggerData: [
        { conditionId: 1, trigger: { ts: Date.now() / 1000, type: metric, sensorValue: 1250 } },
      ],
    },
  };
}

test('a technician imports a firmware file, copies its public URL, and anyone downloads it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bytes = randomBytes(300 * 1024);
  const name = `Cocoon ${Date.now().toString(36)}`;
  const fileName = `cocoon-${Date.now().toString(36)}.bin`;
  await signInAs(page, 'tech@demo.test');
  await page.getByRole('link', { name: 'Firmware' }).click();
  await expect(page).toHaveURL(/\/firmware$/);

  await page.getByRole('button', { name: 'Import a firmware' }).first().click();
  const popin = page.getByRole('dialog', { name: 'Import a firmware' });
  await popin.getByRole('button', { name: 'Import' }).click();
  await expect(popin.getByText('The name is required')).toBeVisible();
  await popin.getByLabel('Name').fill(name);
  await popin.getByLabel('Version').fill('2.4.1-rc.1');
  await popin.getByRole('checkbox', { name: 'HEPA Cocoon', exact: true }).check();
  await popin.getByLabel('File').setInputFiles({
    name: fileName,
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await popin.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(`The firmware ${name} has been imported`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(fileName);
  await expect(row).toContainText('2.4.1-rc.1');
  await expect(row).toContainText('HEPA Cocoon');
  await expect(row).toContainText('300 kB');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await row.getByRole('button', { name: `Copy the public URL of ${name}` }).click();
  await expect(row.getByRole('button', { name: 'Public URL copied' })).toBeVisible();
  const url = (await page.evaluate('navigator.clipboard.readText()')) as string;
  expect(url).toMatch(new RegExp(`/firmware/[0-9A-Z]{26}/${fileName}$`));

  // The public URL needs no account and answers the same bytes, as a download.
  const anonymous = await request.newContext();
  const download = await anonymous.get(url);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), bytes)).toBe(0);
  expect(download.headers()['content-type']).toBe('application/octet-stream');
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  const part = await anonymous.get(url, { headers: { Range: 'bytes=0-99' } });
  expect(part.status()).toBe(206);
  expect(Buffer.compare(await part.body(), bytes.subarray(0, 100))).toBe(0);
  await anonymous.dispose();

  // Deleting asks first, then the URL is gone.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The firmware ${name} has been deleted`)).toBeVisible();
  const gone = await request.newContext();
  expect((await gone.get(url)).status()).toBe(404);
  await gone.dispose();
});

test('a Meraki alert switches a purifier to auto and appears in its meraki tab', async ({
  page,
}) => {
  const name = `Meeting room ${Date.now().toString(36)}`;
  const ulid = await newUserPurifier(name);
  await signInAs(page, 'user@demo.test');
  await page.goto(`/purifiers/${ulid}/meraki`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const webhookUrl = await page.getByLabel('Webhook URL', { exact: true }).inputValue();
  expect(webhookUrl).toBe(`${baseURL}/webhooks/meraki/${ulid}`);
  await expect(page.getByText('No event received yet.')).toBeVisible();

  // The secret is read from the API, as an integrator would copy it from the tab.
  const secret = (await (await page.request.get(`/api/purifiers/${ulid}/meraki`)).json())
    .shared_secret as string;
  await page.getByRole('button', { name: 'Show the secret' }).click();
  await expect(page.getByLabel('Shared secret', { exact: true })).toHaveValue(secret);

  const meraki = await request.newContext();
  const refused = await meraki.post(webhookUrl, { data: merakiAlert(`${secret}-wrong`) });
  expect(refused.status()).toBe(401);
  const res = await meraki.post(webhookUrl, { data: merakiAlert(secret, 'PM2.5') });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ mode: 'auto', alert_type: 'pm25', applied: true });

  // Live: the row arrives without a reload, and the purifier now runs in auto.
  const history = page.locator('table.meraki-events');
  await expect(history.getByRole('cell', { name: 'PM2.5', exact: true })).toBeVisible();
  await expect(history.getByText('Auto', { exact: true })).toBeVisible();
  await expect(history.getByText(/Applied to the purifier/)).toBeVisible();
  const purifier = await (await page.request.get(`/api/purifiers/${ulid}`)).json();
  expect(purifier.desired).toMatchObject({ mode: 'auto', source: 'network' });

  // The alert ends (Meraki: same alertConfigId, a new alertId, startedAlerting false): the
  // purifier goes back to what it was before, and the start's row shows its end.
  const ended = await meraki.post(webhookUrl, {
    data: merakiAlert(secret, 'pm25', false),
  });
  expect(await ended.json()).toMatchObject({ mode: 'silent' });
  await expect(history.getByText(/Ended after/)).toBeVisible();
  await meraki.dispose();
});

test('an administrator views a user’s purifiers from the users list and goes back', async ({
  page,
}) => {
  // The journey brings its own machines: tests of this file run in parallel, in any order.
  const purifierName = `Viewed purifier ${Date.now().toString(36)}`;
  await newUserPurifier(purifierName);
  const sensorName = `Viewed sensor ${Date.now().toString(36)}`;
  const tech = await apiAs('tech@demo.test');
  const provisioned = await tech.post('/api/sensors', {
    data: {
      serial_number: `VIEW-${randomBytes(4).toString('hex')}`,
      owner_email: 'user@demo.test',
      name: sensorName,
    },
  });
  expect(provisioned.status()).toBe(201);
  await tech.dispose();

  await signInAs(page, 'admin@demo.test');
  await page.goto('/users');
  await page.getByLabel('Search by name, e-mail or company').fill('user@demo.test');
  await expect(page).toHaveURL(/search=user%40demo\.test/);
  await expect(page.locator('.pagination__count')).toContainText('of 1');
  const view = page.getByRole('link', { name: 'View the products of Ursula User' });
  await view.click();
  await expect(page).toHaveURL(/\/purifiers\?user=[0-9A-Z]{26}$/);
  const banner = page.getByRole('region', {
    name: 'You are currently viewing the products of user',
  });
  await expect(banner).toContainText('You are currently viewing the products of user');
  await expect(banner.getByText('Ursula User')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Purifiers' })).toHaveClass(/is-active/);
  await expect(banner.getByRole('link', { name: 'Sensors' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Purifiers of this user' }),
  ).toBeVisible();

  // The detail of one of them keeps the mode.
  await page.getByLabel('Search by name or serial number').fill(purifierName);
  await expect(page).toHaveURL(/search=Viewed/);
  const first = page.locator('.purifier-card__link', { hasText: purifierName });
  await expect(page.locator('.purifier-card__link')).toHaveCount(1);
  await first.click();
  await expect(page).toHaveURL(/\/purifiers\/[0-9A-Z]{26}\/summary\?user=[0-9A-Z]{26}$/);
  await expect(banner).toBeVisible();
  await page.getByRole('link', { name: 'Meraki' }).click();
  await expect(page).toHaveURL(/\/meraki\?user=/);
  await expect(page.getByLabel('Webhook URL', { exact: true })).toHaveValue(/\/webhooks\/meraki\//);

  // The banner's Sensors tab lists the same user's sensors, still in the mode.
  await banner.getByRole('link', { name: 'Sensors' }).click();
  await expect(page).toHaveURL(/\/sensors\?user=[0-9A-Z]{26}$/);
  await expect(banner.getByRole('link', { name: 'Sensors' })).toHaveClass(/is-active/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sensors of this user' })).toBeVisible();
  await expect(page.getByText(sensorName)).toBeVisible();

  await banner.getByRole('button', { name: 'Back to administration' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(banner).toHaveCount(0);
});

test('screenshots of firmware, meraki tab and view-as-user banner in French and English', async ({
  page,
}) => {
  test.skip(!process.env.OPERATIONS_SCREENSHOTS, 'set OPERATIONS_SCREENSHOTS=1 to take them');
  test.setTimeout(120_000);
  const ulid = await newUserPurifier('Salle de réunion');
  const tech = await apiAs('tech@demo.test');
  for (const [i, file] of ['cocoon-2.4.1.bin', 'dome-1.9.0-hotfix.bin'].entries()) {
    const res = await tech.post('/api/firmwares', {
      multipart: {
        name: i === 0 ? 'Cocoon 2.4.1' : 'Dome 1.9.0 hotfix',
        version: i === 0 ? '2.4.1' : '1.9.0-hotfix',
        models: i === 0 ? 'HEPA_COCOON,HEPA_COCOON_SYMPHONIE' : 'HEPA_DOME_WHITE,HEPA_DOME_BLACK',
        file: {
          name: file,
          mimeType: 'application/octet-stream',
          buffer: randomBytes(i ? 90_000 : 1_400_000),
        },
      },
    });
    expect(res.status()).toBe(201);
  }
  await tech.dispose();
  const user = await apiAs('user@demo.test');
  const secret = (await (await user.get(`/api/purifiers/${ulid}/meraki`)).json()).shared_secret;
  await user.dispose();
  const meraki = await request.newContext();
  const url = `${baseURL}/webhooks/meraki/${ulid}`;
  await meraki.post(url, { data: merakiAlert(secret, 'co2') });
  await meraki.post(url, { data: merakiAlert(secret, 'noise') });
  await meraki.post(url, { data: merakiAlert(secret, 'co2', false) });
  await meraki.post(url, {
    data: merakiAlert(secret, 'tvoc', false),
  });
  await meraki.post(url, { data: merakiAlert(secret, 'door') });
  await meraki.post(url, { data: { sharedSecret: secret, version: '0.1' } });
  await meraki.dispose();

  await signInAs(page, 'admin@demo.test');
  const admin = await apiAs('admin@demo.test');
  const users = await (await admin.get('/api/users?search=user%40demo.test')).json();
  const userUlid = users['hydra:member'][0].ulid as string;
  await admin.dispose();
  for (const lang of ['fr', 'en'] as const) {
    await page.evaluate(`localStorage.setItem('aircloud.lang', '${lang}')`);
    await page.goto('/firmware');
    await expect(page.locator('table.firmware-table tbody tr').first()).toBeVisible();
    await shot(page, `${lang}-firmware-list`);
    await page.locator('.page-header .btn--primary').click();
    await page.locator('#fw-name').fill('Cocoon 2.5.0');
    await page.locator('#fw-version').fill('2.5.0');
    await page.locator('.firmware-models input[type="checkbox"]').nth(4).check();
    await page.locator('#fw-file').setInputFiles({
      name: 'cocoon-2.5.0.bin',
      mimeType: 'application/octet-stream',
      buffer: randomBytes(1000),
    });
    await shot(page, `${lang}-firmware-import`);
    await page.keyboard.press('Escape');
    await page.goto(`/purifiers?user=${userUlid}`);
    await expect(page.locator('.view-as-user')).toBeVisible();
    await expect(page.locator('.purifier-card').first()).toBeVisible();
    await shot(page, `${lang}-view-as-user`);
    await page.goto(`/purifiers/${ulid}/meraki?user=${userUlid}`);
    await expect(page.locator('table.meraki-events tbody tr').first()).toBeVisible();
    await shot(page, `${lang}-meraki-tab`, 1250);
  }
});
