import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultPurifierName } from '@aircloud/shared/purifiers';
import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Demo-1234';
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'var', 'screenshots');

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page).toHaveURL(/\/purifiers/);
}

async function shot(page: Page, name: string, height = 900): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height });
  // Let fades and toasts settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `fleet-${name}.png`) });
}

/** A batch of serial numbers no other run uses: <model>-<prefix>01 … */
function batchPrefix(): number {
  return 1000 + Math.floor(Math.random() * 8999);
}

/** CSV lines (header first) of an export downloaded from the key page. */
async function exportSelection(page: Page): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Export .* to CSV$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^product-keys-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/** Generates `count` keys of a model from `<prefix>01` and exports them all; returns the CSV. */
async function generateAndExport(page: Page, prefix: number, count: number): Promise<string[]> {
  await page.goto('/product-keys');
  await page.getByRole('button', { name: 'Generate keys' }).first().click();
  const popin = page.getByRole('dialog', { name: 'Generate product keys' });
  await popin.getByLabel('Model').selectOption('HEPA_DOME_WHITE');
  await popin.getByLabel('Start serial number').fill(`${prefix}01`);
  await popin.getByLabel('Number of keys').fill(String(count));
  await popin.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(`${count} keys generated`)).toBeVisible();

  await page.getByLabel('Search by serial number or key').fill(`HEPA_DOME_WHITE-${prefix}`);
  await expect(page).toHaveURL(new RegExp(`search=HEPA_DOME_WHITE-${prefix}`));
  await expect(page.locator('.pagination__count')).toContainText(`of ${count}`);
  await page.getByLabel('Select every key of this page').check();
  if (count > 20) await page.getByRole('button', { name: `Select all ${count} keys` }).click();
  const lines = await exportSelection(page);
  await expect(page.getByRole('cell', { name: 'Generated', exact: true })).toHaveCount(0);
  return lines;
}

function keyOf(lines: string[], serial: string): string {
  const line = lines.find((l) => l.split(',')[1] === serial);
  if (!line) throw new Error(`no ${serial} in the export`);
  return line.split(',')[0]!;
}

test.describe.configure({ mode: 'serial' });

let prefix = 0;
let exportedKey = '';
let blockedKey = '';

test('a technician generates 50 keys, exports them and blocks one', async ({ page }) => {
  prefix = batchPrefix();
  await signInAs(page, 'tech@demo.test');
  const lines = await generateAndExport(page, prefix, 50);
  expect(lines[0]).toBe('key,serial_number,model,state');
  expect(lines).toHaveLength(51);
  expect(lines.slice(1).every((l) => l.endsWith(',exported'))).toBe(true);
  exportedKey = keyOf(lines, `HEPA_DOME_WHITE-${prefix}01`);
  blockedKey = keyOf(lines, `HEPA_DOME_WHITE-${prefix}02`);

  // The list shows the new state of every exported key.
  const row = page.getByRole('row', { name: new RegExp(`HEPA_DOME_WHITE-${prefix}02`) });
  await expect(row.getByText('Exported')).toBeVisible();
  await row.getByRole('button', { name: /Actions for the key/ }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  await expect(page.getByText(`The key HEPA_DOME_WHITE-${prefix}02 is blocked`)).toBeVisible();
  await expect(row.getByText('Blocked')).toBeVisible();
  await row.getByRole('button', { name: /Actions for the key/ }).click();
  // A blocked key offers to go back to generated, never to be blocked again.
  await expect(page.getByRole('menuitem', { name: 'Set back to generated' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Block' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('a user adds a purifier, sets it up, schedules it and records a replacement', async ({
  page,
}) => {
  expect(exportedKey, 'the technician journey ran first').not.toBe('');
  await signInAs(page, 'user@demo.test');

  // The blocked key is refused under the field; the exported one adds the purifier.
  await page.getByRole('button', { name: 'Add a product' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add a product' });
  await modal.getByLabel('Product key').fill(blockedKey);
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal.getByText('The key you entered is invalid')).toBeVisible();
  await modal.getByLabel('Product key').fill(exportedKey.toLowerCase().replaceAll('-', ' '));
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/purifiers\/[0-9A-Z]{26}\/summary$/);
  const serial = `HEPA_DOME_WHITE-${prefix}01`;
  await expect(
    page.getByRole('heading', { level: 1, name: defaultPurifierName('HEPA_DOME_WHITE', serial) }),
  ).toBeVisible();
  const detail = page.url().replace(/\/summary$/, '');

  // Parameters: a name and the room volume from the helper (5 × 4 × 2.50 = 50 m³).
  await page.getByRole('link', { name: 'Parameters' }).click();
  const name = `Living room ${prefix}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Compute from the room dimensions' }).click();
  await page.getByLabel('Length (m)').fill('5');
  await page.getByLabel('Width (m)').fill('4');
  await expect(page.getByText('Volume: 50 m³')).toBeVisible();
  await page.getByRole('button', { name: 'Use this volume' }).click();
  await expect(page.getByLabel('Room volume (m³)')).toHaveValue('50');
  await page.getByLabel('Room volume (m³)').fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The value is incorrect. Minimum 1.')).toBeVisible();
  await page.getByLabel('Room volume (m³)').fill('50');

  // Leaving with unsaved edits asks first; staying keeps them.
  await page.getByRole('link', { name: 'Schedule' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/parameters$/);
  await expect(page.getByLabel('Room volume (m³)')).toHaveValue('50');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The parameters have been saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Summary' }).click();
  await expect(page.getByText('50 m³', { exact: true })).toBeVisible();
  await expect(page.getByText('250 m³/h', { exact: true })).toBeVisible();

  // Schedule: Monday 07:30 boost, 09:00 auto, 19:00 silence, copied to the weekdays.
  await page.getByRole('link', { name: 'Schedule' }).click();
  const monday = 'Monday';
  for (const [index, start, mode] of [
    [1, '07:30', 'boost'],
    [2, '09:00', 'auto'],
    [3, '19:00', 'silence'],
  ] as const) {
    await page.getByRole('button', { name: `Add a slot on ${monday}` }).click();
    await page.getByLabel(`Start of slot ${index} on ${monday}`).fill(start);
    await page.getByLabel(`Mode of slot ${index} on ${monday}`).selectOption(mode);
  }
  await page.getByRole('button', { name: `Copy ${monday} to other days` }).click();
  const copy = page.getByRole('dialog', { name: `Copy ${monday} to` });
  await copy.getByRole('button', { name: 'Weekdays' }).click();
  await copy.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByLabel('Start of slot 3 on Friday')).toHaveValue('19:00');
  await expect(page.getByLabel('Start of slot 1 on Saturday')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save the schedule' }).click();
  await expect(page.getByText('The schedule has been saved')).toBeVisible();
  await page.goto(`${detail}/schedule`);
  await expect(page.getByLabel('Start of slot 1 on Thursday')).toHaveValue('07:30');
  await expect(page.getByLabel('Mode of slot 3 on Friday')).toHaveValue('silence');

  // Maintenance: a filter replacement today appears in the history.
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await page.getByLabel('Replaced part').selectOption('filters');
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText(/Filters replacement recorded on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Filters' })).toBeVisible();

  // The list finds it by name and shows its state.
  await page.getByRole('link', { name: 'All purifiers' }).click();
  await page.getByLabel('Search by name or serial number').fill(name);
  await expect(page).toHaveURL(/search=Living/);
  await expect(page.getByRole('link', { name: `Open ${name}` })).toBeVisible();
});

test('screenshots of the fleet screens in French and English', async ({ page }) => {
  test.skip(!process.env.FLEET_SCREENSHOTS, 'set FLEET_SCREENSHOTS=1 to take the screenshots');
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const shotsPrefix = batchPrefix();
  await signInAs(page, 'tech@demo.test');
  const lines = await generateAndExport(page, shotsPrefix, 3);
  const key = keyOf(lines, `HEPA_DOME_WHITE-${shotsPrefix}01`);

  for (const lang of ['fr', 'en'] as const) {
    await page.evaluate(`localStorage.setItem('aircloud.lang', '${lang}')`);
    await page.goto('/product-keys');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.locator('tbody tr').nth(1).locator('input[type="checkbox"]').check();
    await page.locator('tbody tr').nth(2).locator('input[type="checkbox"]').check();
    await shot(page, `${lang}-product-keys`, 1100);
    await page.locator('.page-header .btn--primary').click();
    await page.locator('#gk-start').fill('120001');
    await page.locator('#gk-count').fill('50');
    await shot(page, `${lang}-generate-popin`);
    await page.keyboard.press('Escape');
  }

  await page.context().clearCookies();
  await signInAs(page, 'user@demo.test');
  await page.getByRole('button', { name: 'Add a product' }).first().click();
  await page.getByLabel('Product key').fill(key);
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  const detail = page.url().replace(/\/summary$/, '');
  const ulid = detail.split('/').pop()!;
  const week = [
    [
      { start: '07:30', mode: 'boost' },
      { start: '09:00', mode: 'auto' },
      { start: '19:00', mode: 'silence' },
    ],
  ];
  const days = [...Array(5).fill(week[0]), [{ start: '10:00', mode: 'auto' }], []];
  await page.request.patch(`/api/purifiers/${ulid}`, {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { name: 'Salon', piece_volume: 45, hourly_recycling_rate: 10, schedule: { days } },
  });
  await page.request.post(`/api/purifiers/${ulid}/maintenance_events`, {
    data: { type: 'prefilters', occurred_at: '2026-01-12', note: 'Préfiltre changé' },
  });

  for (const lang of ['fr', 'en'] as const) {
    await page.evaluate(`localStorage.setItem('aircloud.lang', '${lang}')`);
    await page.goto('/purifiers');
    await expect(page.locator('.purifier-card').first()).toBeVisible();
    await shot(page, `${lang}-purifier-list`);
    await page.locator('.page-header .btn--primary').click();
    await page.locator('#ap-key').fill('ABCD-EFGH');
    await page.getByRole('dialog').locator('button[type="submit"]').click();
    await expect(page.locator('.field__error')).toBeVisible();
    await shot(page, `${lang}-add-product`);
    await page.keyboard.press('Escape');
    for (const tab of ['summary', 'parameters', 'schedule', 'maintenance', 'settings']) {
      await page.goto(`${detail}/${tab}`);
      await expect(page.locator('.tabs__tab.is-active')).toBeVisible();
      if (tab === 'parameters') await page.locator('.helper-toggle').click();
      await shot(page, `${lang}-purifier-${tab}`, tab === 'schedule' ? 1350 : 1000);
    }
  }
});
