import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, exportedKey, newUser } from '../support/api.ts';
import { linkIn, uniqueEmail, waitForMail } from '../support/mailbox.ts';

const PASSWORD = 'Journey-1234';
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'var', 'screenshots');

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `invitations-${name}.png`) });
}

/** A browser of its own, signed in as `email`. */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  return page;
}

/** The newest mail to `email` whose subject matches (an earlier one may still be the newest). */
async function mailWithSubject(email: string, subject: RegExp) {
  for (let i = 0; i < 80; i += 1) {
    const mail = await waitForMail(email);
    if (mail.subject && subject.test(mail.subject)) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail "${String(subject)}" to ${email}`);
}

/** User A owns one purifier and one sensor, both with a readable name. */
async function ownerWithMachines() {
  const a = await newUser({ label: 'inv-a', password: PASSWORD, firstname: 'Alice' });
  const api = await apiAs(a, PASSWORD);
  const { key } = await exportedKey();
  const activated = await api.post('/api/purifiers/activate', { data: { key } });
  expect(activated.status()).toBe(201);
  const purifier = ((await activated.json()) as { ulid: string }).ulid;
  const renamed = await api.patch(`/api/purifiers/${purifier}`, {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { name: 'Shared lounge', mode: 'auto' },
  });
  expect(renamed.status()).toBe(200);
  await api.dispose();
  const tech = await apiAs('tech@demo.test');
  const serial = `AQS-INV-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const provisioned = await tech.post('/api/sensors', {
    data: { serial_number: serial, owner_email: a, name: 'Shared sensor' },
  });
  expect(provisioned.status()).toBe(201);
  const sensor = ((await provisioned.json()) as { ulid: string }).ulid;
  await tech.dispose();
  return { a, purifier, sensor };
}

test('A shares a purifier and a sensor with B (existing) and C (new); B controls, A revokes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { a, purifier, sensor } = await ownerWithMachines();
  const b = await newUser({ label: 'inv-b', password: PASSWORD, firstname: 'Bruno' });
  const c = uniqueEmail('inv-c');

  // A invites B and C from the invitations page.
  const pageA = await signedInPage(browser, a);
  await pageA.getByRole('link', { name: /^Invitations/ }).click();
  await expect(pageA).toHaveURL(/\/invitations\/sent/);
  await expect(pageA.getByText('No invitation sent')).toBeVisible();
  await pageA.getByRole('button', { name: 'Invite', exact: true }).click();
  const popin = pageA.getByRole('dialog', { name: 'Invite people' });
  await popin.getByLabel('E-mail addresses').fill(`${b}, ${a}`);
  await popin.getByLabel(/Shared lounge/).check();
  await popin.getByLabel(/Shared sensor/).check();
  await popin.getByRole('button', { name: 'Send the invitations' }).click();
  await expect(popin.getByText(`You cannot invite yourself (${a})`)).toBeVisible();
  await popin.getByLabel('E-mail addresses').fill(`${b}, ${c}`);
  await shot(pageA, 'send-popin');
  await popin.getByRole('button', { name: 'Send the invitations' }).click();
  await expect(pageA.getByText('2 invitations sent')).toBeVisible();
  const cardB = pageA.locator('.invitation-card', { hasText: `To ${b}` });
  const cardC = pageA.locator('.invitation-card', { hasText: `To ${c}` });
  await expect(cardB.getByText('Waiting for approval')).toBeVisible();
  await expect(cardC.getByText('Waiting for the person to create an account')).toBeVisible();
  await expect(cardB.getByText('Shared lounge')).toBeVisible();
  await expect(cardB.getByText('Shared sensor')).toBeVisible();
  await shot(pageA, 'sent');

  // B sees the badge, accepts, and the badge goes away live.
  const pageB = await signedInPage(browser, b);
  const invitationsLinkB = pageB.getByRole('link', { name: /^Invitations/ });
  await expect(invitationsLinkB).toContainText('1');
  await invitationsLinkB.click();
  await expect(pageB).toHaveURL(/\/invitations\/received/);
  const received = pageB.locator('.invitation-card', { hasText: `(${a})` });
  await expect(received.getByText('Waiting for approval')).toBeVisible();
  await shot(pageB, 'received');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(pageB.getByText(/Invitation accepted/)).toBeVisible();
  await expect(received.getByText('Accepted')).toBeVisible();
  await expect(invitationsLinkB).not.toContainText('1');

  // The shared machines are in B's lists; A watches the purifier while B changes its mode.
  await pageA.goto(`/purifiers/${purifier}/summary`);
  await expect(pageA.locator('.purifier-header').getByText('auto mode')).toBeVisible();
  await pageB.goto('/purifiers');
  await pageB
    .getByRole('link', { name: /Shared lounge/ })
    .first()
    .click();
  await pageB.getByRole('link', { name: 'Parameters' }).click();
  await pageB.getByRole('radio', { name: 'Boost' }).check();
  await pageB.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(pageB.getByText('The parameters have been saved')).toBeVisible();
  await expect(pageA.locator('.purifier-header').getByText('boost mode')).toBeVisible();
  // B may control, not manage: no removal, and the invitations tab says who manages it.
  await pageB.getByRole('link', { name: 'Settings' }).click();
  await expect(pageB.getByRole('button', { name: /remove/i })).toHaveCount(0);
  await pageB
    .getByRole('navigation', { name: 'Purifier sections' })
    .getByRole('link', { name: 'Invitations' })
    .click();
  await expect(
    pageB.getByText('Only the owner of this machine manages who has access to it.'),
  ).toBeVisible();
  const sensorAsB = await pageB.request.get(`${baseURL}/api/sensors/${sensor}`);
  expect(sensorAsB.status()).toBe(200);
  // The shared sensor is in B's sensor list and opens with its invitations tab.
  await pageB.goto('/sensors');
  await expect(pageB.getByText('Shared sensor').first()).toBeVisible();
  await pageB.goto(`/sensors/${sensor}/invitations`);
  await expect(
    pageB.getByText('Only the owner of this machine manages who has access to it.'),
  ).toBeVisible();
  await pageB.goto(`/purifiers/${purifier}/summary`);

  // A's purifier tab lists who has access.
  await pageA
    .getByRole('navigation', { name: 'Purifier sections' })
    .getByRole('link', { name: 'Invitations' })
    .click();
  await expect(pageA.locator('.invitation-card', { hasText: `To ${b}` })).toContainText('Accepted');
  await shot(pageA, 'purifier-tab');

  // C registers from the mail and finds the invitation once the account is activated.
  const invitationMail = await mailWithSubject(c, /invites you to AirCloud/);
  const pageC = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await pageC.goto(linkIn(invitationMail, '/account-creation'));
  await expect(pageC.getByLabel(/e-?mail/i)).toHaveValue(c);
  await pageC.getByLabel(/first name/i).fill('Carla');
  await pageC.getByLabel(/last name/i).fill('Newcomer');
  await pageC.getByLabel(/^password/i).fill(PASSWORD);
  await pageC.getByLabel(/confirm/i).fill(PASSWORD);
  await pageC.getByRole('button', { name: /create/i }).click();
  await expect(pageC.getByText(/check your (mailbox|e-?mails)/i)).toBeVisible();
  await pageC.goto(linkIn(await mailWithSubject(c, /activ/i), '/easy-connect'));
  await expect(pageC.getByRole('navigation', { name: /main/i })).toBeVisible();
  await pageC.getByRole('link', { name: /^Invitations/ }).click();
  await expect(
    pageC.locator('.invitation-card', { hasText: `(${a})` }).getByText('Waiting for approval'),
  ).toBeVisible();
  // A's purifier tab (C's invitation shares it too) now shows C waiting for approval.
  await pageA.reload();
  await expect(
    pageA.locator('.invitation-card', { hasText: `To ${c}` }).getByText('Waiting for approval'),
  ).toBeVisible();

  // A revokes B: B's open purifier page loses access at once.
  await pageB.getByRole('link', { name: 'Summary' }).click();
  await expect(pageB.locator('.purifier-header')).toBeVisible();
  const revokedCard = pageA.locator('.invitation-card', { hasText: `To ${b}` });
  await revokedCard.getByRole('button', { name: 'Revoke access' }).click();
  const confirm = pageA.getByRole('alertdialog', { name: new RegExp(`Revoke the access of`) });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(pageA.getByText('Access revoked')).toBeVisible();
  await expect(pageB.getByText('The resource is not found')).toBeVisible();
  await expect(pageB.getByText('You no longer have access to this machine.')).toBeVisible();
  await shot(pageB, 'revoked');
  const afterRevoke = await pageB.request.get(`${baseURL}/api/sensors/${sensor}`);
  expect(afterRevoke.status()).toBe(404);
});
