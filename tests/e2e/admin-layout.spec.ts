import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, exportedKey } from '../support/api.ts';
import { signInThroughForm } from '../support/journey.ts';

/**
 * Admin tables fit the screen (issue 23): at 1,366 and 1,920 px every row's action is inside the
 * viewport; below 768 px each row is a card and nothing scrolls sideways. An anonymous visitor's
 * Login page logs no error.
 */

test.beforeAll(async () => {
  // A key activated by a user: the account column is filled, as on a real fleet.
  const { key } = await exportedKey();
  const user = await apiAs('user@demo.test');
  const activated = await user.post('/api/purifiers/activate', {
    headers: { Origin: baseURL },
    data: { key },
  });
  expect(activated.status()).toBe(201);
  await user.dispose();
});

async function signInAsAdmin(page: Page) {
  await signInThroughForm(page, 'admin@demo.test', 'Demo-1234');
}

async function expectInsideViewport(page: Page, name: RegExp, width: number) {
  const buttons = page.getByRole('button', { name });
  await expect(buttons.first()).toBeVisible();
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const box = await buttons.nth(i).boundingBox();
    expect(box, `button ${i} has a box`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

for (const width of [1366, 1920]) {
  test(`every row action is on screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);

    await page.goto('/users');
    await expect(page.getByRole('table')).toBeVisible();
    await expectInsideViewport(page, /^Edit /, width);

    await page.goto('/product-keys');
    await expect(page.getByRole('table')).toBeVisible();
    await expectInsideViewport(page, /^Actions for /, width);

    const pageWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(pageWidth).toBeLessThanOrEqual(width);
  });
}

test('below 768 px the lists are cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page);

  for (const [path, action] of [
    ['/users', /^Edit /],
    ['/product-keys', /^Actions for /],
  ] as const) {
    await page.goto(path);
    const row = page.locator('.data-table tbody tr').first();
    await expect(row).toBeVisible();
    // A card: the row is a box of its own, its cells stacked with their labels.
    await expect(row).toHaveCSS('display', 'flex');
    await expect(row.locator('td[data-label]').first()).toHaveAttribute('data-label', /\S/);
    await expect(page.locator('.data-table thead')).toHaveCSS('position', 'absolute');
    await expectInsideViewport(page, action, 375);
    const scrollWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(scrollWidth, `${path} scroll width`).toBeLessThanOrEqual(375);
  }
});

test('an anonymous visitor sees Login without an error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/purifiers');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in user who opens Login goes on to the purifiers', async ({ page }) => {
  await signInThroughForm(page, 'user@demo.test', 'Demo-1234');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/purifiers$/);
});
