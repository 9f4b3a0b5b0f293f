import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signInThroughForm } from '../support/journey.ts';
import { apiAs, DEMO_PASSWORD, exportedKey } from '../support/api.ts';
import { TestPurifier } from '../support/device.ts';

/**
 * Firmware rollouts (issue 21): a technician sends a firmware to chosen purifiers in stages and
 * watches it reach 100 %; a purifier whose installation fails pauses a second rollout by itself,
 * and its owner sees why on the purifier's settings tab.
 */

const MODEL = 'HEPA_COCOON_SYMPHONIE';
const devices: TestPurifier[] = [];

test.afterAll(() => {
  for (const device of devices) device.stop();
});

/** A purifier of user@demo.test, named, speaking through a simulated device. */
async function purifier(user: APIRequestContext, name: string) {
  const key = await exportedKey(MODEL);
  const activated = await user.post('/api/purifiers/activate', { data: { key: key.key } });
  expect(activated.status()).toBe(201);
  const { ulid } = (await activated.json()) as { ulid: string };
  const renamed = await user.patch(`/api/purifiers/${ulid}`, {
    data: { name },
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  expect(renamed.status()).toBe(200);
  const device = new TestPurifier(baseURL, key, 2);
  devices.push(device);
  await device.start();
  return { ulid, device };
}

async function firmware(tech: APIRequestContext, name: string, version: string) {
  const res = await tech.post('/api/firmwares', {
    multipart: {
      name,
      version,
      models: MODEL,
      file: {
        name: `symphonie-${version}.bin`,
        mimeType: 'application/octet-stream',
        buffer: randomBytes(300_000),
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { ulid: string };
}

test('a technician rolls a firmware out in stages to 100 %; a failed install pauses the next one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const user = await apiAs('user@demo.test');
  const tech = await apiAs('tech@demo.test');
  const a = await purifier(user, `Rollout A ${stamp}`);
  const b = await purifier(user, `Rollout B ${stamp}`);
  const c = await purifier(user, `Rollout C ${stamp}`);
  const name = `Symphonie ${stamp}`;
  const first = await firmware(tech, name, '3.1.0');

  // The technician starts it from the fleet view, for the three purifiers chosen by name.
  await signInThroughForm(page, 'tech@demo.test', DEMO_PASSWORD);
  await page.goto('/fleet');
  await page.getByRole('link', { name: 'All rollouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Firmware rollouts' })).toBeVisible();
  await page.getByRole('button', { name: 'New rollout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New rollout' });
  // The firmware's option says its name, version and models; its value is its ulid.
  await dialog.getByLabel('Firmware', { exact: true }).selectOption(first.ulid);
  await dialog.getByRole('combobox', { name: 'Model' }).selectOption(MODEL);
  await dialog.getByLabel('Chosen purifiers').check();
  await dialog.getByPlaceholder('Filter this page: name or serial number').fill(stamp);
  for (const label of ['A', 'B', 'C'])
    await dialog.getByRole('checkbox', { name: new RegExp(`Rollout ${label} ${stamp}`) }).check();
  await dialog.getByLabel('Canary (%)').fill('34');
  await dialog.getByRole('button', { name: 'Start the rollout' }).click();

  // Its page: the canary first, then the rest, live, up to 3 of 3.
  await expect(page).toHaveURL(/\/fleet\/rollouts\/[0-9A-Z]{26}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${name} · 3.1.0` })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progress of the rollout' }).first();
  await expect(progress).toHaveAttribute('aria-valuetext', /3 of 3 purifiers done/, {
    timeout: 60_000,
  });
  await expect(page.getByText('Completed').first()).toBeVisible();
  for (const device of [a, b, c]) expect(device.device.softVersion).toBe('3.1.0');

  // A second rollout: the canary's install fails, the rollout pauses by itself.
  const second = await firmware(tech, name, '3.2.0');
  a.device.failInstallWith = 'install_failed';
  b.device.failInstallWith = 'install_failed';
  const started = await tech.post('/api/firmware_rollouts', {
    data: {
      firmware: second.ulid,
      model: MODEL,
      purifiers: [a.ulid, b.ulid],
      canary_percent: 50,
      max_failure_rate: 20,
    },
  });
  expect(started.status()).toBe(201);
  const { ulid } = (await started.json()) as { ulid: string };
  await page.goto(`/fleet/rollouts/${ulid}`);
  await expect(page.getByRole('status').filter({ hasText: 'Paused by itself' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /install_failed/ }).first()).toBeVisible();

  // The owner of the failed purifier sees it on its settings tab.
  const rows = (await (
    await tech.get(`/api/firmware_rollouts/${ulid}/purifiers?status=failed`)
  ).json()) as {
    'hydra:member': { purifier: { ulid: string } }[];
  };
  const failed = rows['hydra:member'][0]!.purifier.ulid;
  await page.context().clearCookies();
  await signInThroughForm(page, 'user@demo.test', DEMO_PASSWORD);
  await page.goto(`/purifiers/${failed}/settings`);
  await expect(page.getByText('Failed: install_failed')).toBeVisible();

  // Aborted: the rest never gets it.
  expect((await tech.post(`/api/firmware_rollouts/${ulid}/abort`)).status()).toBe(200);
  await user.dispose();
  await tech.dispose();
});
