import { expect, test, type Page } from '@playwright/test';

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill('Demo-1234');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

test('an admin sees the three admin links first, then the audit log', async ({ page }) => {
  await signInAs(page, 'admin@demo.test');
  const links = page.getByRole('navigation', { name: /main/i }).getByRole('link');
  await expect(links).toHaveText([
    /users/i,
    /product keys/i,
    /firmware/i,
    /audit log/i,
    /overview/i,
    /sensors/i,
    /purifiers/i,
    /invitations/i,
  ]);
});

test('a technician sees product keys and firmware, not users', async ({ page }) => {
  await signInAs(page, 'tech@demo.test');
  const links = page.getByRole('navigation', { name: /main/i }).getByRole('link');
  await expect(links).toHaveText([
    /product keys/i,
    /firmware/i,
    /overview/i,
    /sensors/i,
    /purifiers/i,
    /invitations/i,
  ]);
});

test('a user sees the overview, sensors, purifiers and invitations only', async ({ page }) => {
  await signInAs(page, 'user@demo.test');
  const links = page.getByRole('navigation', { name: /main/i }).getByRole('link');
  await expect(links).toHaveText([/overview/i, /sensors/i, /purifiers/i, /invitations/i]);
});
