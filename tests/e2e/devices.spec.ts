import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { setReportingInterval, TestPurifier } from '../support/device.ts';

const DEMO_PASSWORD = 'Demo-1234';
const PASSWORD = 'Devices-1234';
/** Seconds between two reports: the worker calls a purifier disconnected after 3 of them. */
const INTERVAL_S = 2;

/** An API client signed in (cookies kept, Origin of the app). */
async function apiAs(email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/security/token/request', { data: { email, password } });
  expect(login.status()).toBe(204);
  return api;
}

/** A fresh exported product key (generated and exported by the demo technician). */
async function exportedKey(): Promise<{ key: string; serial: string }> {
  const tech = await apiAs('tech@demo.test');
  const start = 100_000 + Math.floor(Math.random() * 400_000);
  const generated = await tech.post('/api/product_keys/generate', {
    data: { model: 'HEPA_COCOON', start_serial: start, count: 1 },
  });
  expect(generated.status()).toBe(201);
  const serial = (await generated.json()).first_serial_number as string;
  const found = await tech.get(`/api/product_keys?search=${encodeURIComponent(serial)}`);
  const key = (await found.json())['hydra:member'][0] as { ulid: string; key: string };
  expect(
    (await tech.post('/api/product_keys/export', { data: { ids: [key.ulid] } })).status(),
  ).toBe(200);
  await tech.dispose();
  return { key: key.key, serial };
}

/** A user of their own (no other purifier on the list), created by the demo admin. */
async function newUser(): Promise<string> {
  const admin = await apiAs('admin@demo.test');
  const email = `devices-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const created = await admin.post('/api/users', {
    data: {
      firstname: 'Dev',
      lastname: 'Ice',
      email,
      lang: 'en',
      role: 'ROLE_USER',
      company: 'AirCloud',
      new_password1: PASSWORD,
      new_password2: PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();
  return email;
}

/** Signs in, adds a purifier from a fresh key through the API; returns its serial, key, ulid. */
async function userWithPurifier(page: Page) {
  const email = await newUser();
  const { key, serial } = await exportedKey();
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/purifiers/);
  const activated = await page.request.post('/api/purifiers/activate', {
    headers: { Origin: baseURL },
    data: { key },
  });
  expect(activated.status()).toBe(201);
  const { ulid } = (await activated.json()) as { ulid: string };
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
