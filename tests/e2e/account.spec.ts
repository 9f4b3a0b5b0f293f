import { expect, test, type Page } from '@playwright/test';
import { linkIn, uniqueEmail, waitForMail } from '../support/mailbox.ts';

const PASSWORD = 'Journey-1234';

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/account-creation');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel(/first name/i).fill('Jeanne');
  await page.getByLabel(/last name/i).fill('Martin');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByLabel(/confirm/i).fill(PASSWORD);
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByText(/check your (mailbox|e-?mails)/i)).toBeVisible();
}

async function signIn(page: Page, email: string, password: string, here = false): Promise<void> {
  if (!here) await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /sign out/i })
    .click();
  await expect(page).toHaveURL(/\/login/);
}

test('register, activate from the mail, sign in and out', async ({ page }) => {
  const email = uniqueEmail('register');
  await register(page, email);

  // Not activated yet: the login refuses with the catalogue message.
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(
    page.getByText(
      'Your account is not activated. Please check your emails to activate your account',
    ),
  ).toBeVisible();

  const mail = await waitForMail(email);
  await page.goto(linkIn(mail, '/easy-connect'));
  await expect(page).toHaveURL(/\/purifiers/);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  await signOut(page);

  // Signed out: a protected page sends back to the login.
  await page.goto('/sensors');
  await expect(page).toHaveURL(/\/login/);
  // Signing in there leads to the page first asked for.
  await signIn(page, email, PASSWORD, true);
  await expect(page).toHaveURL(/\/sensors/);
  await signOut(page);
});

test('forgot password, reset from the mail link, sign in with the new password', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  await register(page, email);
  await page.goto(linkIn(await waitForMail(email), '/easy-connect'));
  await expect(page).toHaveURL(/\/purifiers/);
  await signOut(page);

  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page.getByRole('heading', { name: /forgot your password/i })).toBeVisible();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(email)).toBeVisible();

  const resetMail = await waitForMail(email).then(async (first) =>
    first.subject?.match(/activ/i) ? waitForResetMail(email) : first,
  );
  await page.goto(linkIn(resetMail, '/renew-password'));
  await expect(page.getByText(email)).toBeVisible();
  const newPassword = 'Renewed-5678';
  await page.getByLabel(/^new password/i).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole('button', { name: /change|save|renew/i }).click();
  await expect(page.getByText(/password has been changed|password changed/i)).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Incorrect e-mail address or password')).toBeVisible();
  await signIn(page, email, newPassword);
});

/** The reset mail arrives after the activation mail; wait until the newest one is it. */
async function waitForResetMail(email: string) {
  for (let i = 0; i < 80; i++) {
    const mail = await waitForMail(email);
    if (!mail.subject?.match(/activ/i)) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no reset mail');
}
