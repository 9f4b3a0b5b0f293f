import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/api.ts';

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
}

test("an administrator's view-as-user session is in the audit log, filtered and exported", async ({
  page,
}) => {
  await signInAs(page, 'admin@demo.test');
  await page.goto('/users?search=user%40demo.test');
  await page
    .getByRole('link', { name: /View the products of/ })
    .first()
    .click();
  await expect(page.getByText('You are currently viewing the products of user')).toBeVisible();
  await page.getByRole('button', { name: 'Back to administration' }).click();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Action').selectOption({ label: 'Products viewed as the user' });
  await expect(page).toHaveURL(/action=user_viewed_as/);
  const row = page.getByRole('row', { name: /user@demo\.test/ }).first();
  await expect(row).toContainText('Products viewed as the user');
  await expect(row).toContainText('admin@demo.test');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'date,actor_email,actor_name,action,target_type,target_id,target_label,change',
  );
  expect(lines.slice(1).every((line) => line.includes(',user_viewed_as,user,'))).toBe(true);
  expect(csv).toContain('user@demo.test');
});

test('a technician has no audit log link and is told the page is not theirs', async ({ page }) => {
  await signInAs(page, 'tech@demo.test');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }),
  ).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByText('The audit log is reserved for administrators.')).toBeVisible();
});
