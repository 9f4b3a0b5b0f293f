import { expect, test, type Page } from '@playwright/test';

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill('Demo-1234');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

test('an admin sees users, the fleet, the other admin links, then the audit log', async ({
  page,
}) => {
  await signInAs(page, 'admin@demo.test');
  const links = page.getByRole('navigation', { name: /main/i }).getByRole('link');
  await expect(links).toHaveText([
    /users/i,
    /fleet/i,
    /product keys/i,
    /firmware/i,
    /audit log/i,
    /overview/i,
    /sensors/i,
    /purifiers/i,
    /invitations/i,
  ]);
});

test('a technician sees the fleet, product keys and firmware, not users', async ({ page }) => {
  await signInAs(page, 'tech@demo.test');
  const links = page.getByRole('navigation', { name: /main/i }).getByRole('link');
  await expect(links).toHaveText([
    /fleet/i,
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

for (const width of [1024, 1366]) {
  test(`an admin's nine links never cover the bell and the account menu at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, 'admin@demo.test');
    for (const selector of ['.notification-bell', '.user-menu__trigger']) {
      const box = (await page.locator(selector).boundingBox())!;
      // What the pointer would hit at the control's centre is the control, not a nav link.
      const hit = await page.evaluate(
        `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('a, button')?.className ?? ''`,
      );
      expect(hit, selector).toContain(selector.slice(1));
    }
  });
}
