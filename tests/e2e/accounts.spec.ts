import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, request, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, DEMO_PASSWORD } from '../support/api.ts';

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'var', 'screenshots');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small valid PNG: a diagonal two-colour gradient, `size` pixels square. */
function makePng(size = 96): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      rows.push(Math.round(20 + 27 * t), Math.round(163 - 35 * t), Math.round(143 + 94 * t));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

async function shot(page: Page, name: string) {
  // Side panels are shown from their top.
  await page.evaluate(
    "document.querySelectorAll('.side-panel__body').forEach((el) => { el.scrollTop = 0; })",
  );
  return page.screenshot({ path: path.join(SHOTS, `accounts-${name}.png`) });
}

test('an administrator searches, filters, pages, adds, edits and removes users', async ({
  page,
}) => {
  // A long journey (45 users, two languages, screenshots): 50 s on a quiet two-core machine.
  test.setTimeout(120_000);
  const tag = `j${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.test', DEMO_PASSWORD);

  // 45 users through the API with the admin's cookies; every fifth one is a technician.
  const created = await Promise.all(
    Array.from({ length: 45 }, async (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      const response = await page.request.post('/api/users', {
        headers: { Origin: baseURL },
        data: {
          firstname: `Person${n}`,
          lastname: `Journey${tag}`,
          email: `${tag}-${n}@example.test`,
          company: `Company ${tag}`,
          role: i % 5 === 4 ? 'ROLE_TECHNICIAN' : 'ROLE_USER',
          new_password1: 'Journey-1234',
          new_password2: 'Journey-1234',
        },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { ulid: string; email: string };
    }),
  );

  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Search by name, e-mail or company').fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByText('20 displayed of 45')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(21);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('5 displayed of 45')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();

  await page.getByLabel('Filter by role').selectOption('ROLE_TECHNICIAN');
  await expect(page.getByText('9 displayed of 9')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await page.getByLabel('Filter by role').selectOption('');
  await expect(page.getByText('20 displayed of 45')).toBeVisible();
  await shot(page, 'users-list-en');

  // Add one through the dialog: the activation e-mail replaces a password.
  await page.getByRole('button', { name: 'Add a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a user' });
  await dialog.getByLabel('Last name').fill(`Journey${tag}`);
  await dialog.getByLabel('First name').fill('Added');
  await dialog.getByLabel('E-mail address').fill(`${tag}-added@example.test`);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(dialog.getByRole('option', { name: '(void)' })).toBeVisible();
  await shot(page, 'user-dialog-roles-en');
  await dialog.getByRole('option', { name: 'Technician' }).click();
  await shot(page, 'user-dialog-en');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The user has been created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('20 displayed of 46')).toBeVisible();

  // The same e-mail again: the server's rule is shown.
  await page.getByRole('button', { name: 'Add a user' }).click();
  await dialog.getByLabel('Last name').fill('Again');
  await dialog.getByLabel('First name').fill('Added');
  await dialog.getByLabel('E-mail address').fill(`${tag}-added@example.test`);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await dialog.getByRole('option', { name: 'User', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(
    page.locator('.notification').getByText('An account already exists with this email address'),
  ).toBeVisible();

  // Edit one on its page, avatar included.
  const edited = created[0]!;
  await page.getByRole('link', { name: `Edit page of Person01 Journey${tag}` }).click();
  await expect(page).toHaveURL(`/users/${edited.ulid}/edit`);
  await page.getByLabel('Mobile phone').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The phone number is incorrect (7 to 15 digits, optional +)'),
  ).toBeVisible();
  await page.getByLabel('Mobile phone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Company').fill('Edited company');
  await page.getByLabel('Profile picture', { exact: true }).setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user has been saved')).toBeVisible();
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
    'src',
    /\/api\/media_objects\/.+\/content\?size=128/,
  );
  const saved = (await (await page.request.get(`/api/users/${edited.ulid}`)).json()) as {
    avatar: string | null;
    phone: string;
  };
  expect(saved.avatar).toMatch(/^\/api\/media_objects\//);
  expect(saved.phone).toBe('+33 6 12 34 56 78');
  await page.locator('.notification__dismiss').first().click();
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, 'accounts-user-edit-en.png'), fullPage: true });

  // Remove one through the dialog.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByLabel('Search by name, e-mail or company').fill(`${tag}-45`);
  await expect(page.getByText('1 displayed of 1')).toBeVisible();
  await page.getByRole('button', { name: `Edit Person45 Journey${tag}` }).click();
  await page
    .getByRole('dialog', { name: 'Edit a user' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: /Remove this user/ });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The user has been deleted')).toBeVisible();
  await expect(page.getByText('No user found')).toBeVisible();
  expect((await page.request.get(`/api/users/${created[44]!.ulid}`)).status()).toBe(404);

  // The same screens in French.
  await page.goto(`/users?lang=fr&search=${tag}`);
  await expect(page.getByText('20 affichés sur 45')).toBeVisible();
  await shot(page, 'users-list-fr');
  await page.getByRole('button', { name: `Modifier Person02 Journey${tag}` }).click();
  await expect(page.getByRole('dialog', { name: 'Modifier un utilisateur' })).toBeVisible();
  await shot(page, 'user-dialog-fr');
});

test('a user edits their profile, changes password, and uses a personal API token', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = `p${Date.now().toString(36)}`;
  const email = `${tag}@example.test`;
  const admin = await apiAs('admin@demo.test');
  const created = await admin.post('/api/users', {
    data: {
      firstname: 'Paula',
      lastname: 'Profile',
      email,
      lang: 'en',
      role: 'ROLE_USER',
      new_password1: 'Journey-1234',
      new_password2: 'Journey-1234',
    },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();

  await signIn(page, email, 'Journey-1234');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  const panel = page.getByRole('dialog', { name: 'My profile' });

  await panel.getByLabel('Mobile phone').fill('abc');
  await panel.getByRole('button', { name: 'Save my information' }).click();
  await expect(
    panel.getByText('The phone number is incorrect (7 to 15 digits, optional +)'),
  ).toBeVisible();
  await panel.getByLabel('Mobile phone').fill('+33 6 12 34 56 78');
  await panel.getByLabel('Company').fill('Profile Labs');
  await panel.getByLabel('Profile picture', { exact: true }).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await panel.getByRole('button', { name: 'Save my information' }).click();
  await expect(page.getByText('Your information has been saved')).toBeVisible();
  // The menu trigger is outside the modal panel, hence a plain locator.
  await expect(page.locator('.user-menu__trigger img')).toHaveAttribute(
    'src',
    /\/content\?size=64$/,
  );
  await shot(page, 'profile-panel-en');

  await panel.getByLabel('Current password').fill('Journey-1234');
  await panel.getByLabel('New password', { exact: true }).fill('Changed-5678');
  await panel.getByLabel('Confirm the new password').fill('Changed-5678');
  await panel.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  // The language applies at once and is kept on the account.
  await panel.getByLabel('Language', { exact: true }).selectOption('fr');
  const panelFr = page.getByRole('dialog', { name: 'Mon profil' });
  await expect(panelFr).toBeVisible();
  await expect(
    page.getByText("La langue de l'interface a été enregistrée sur votre compte"),
  ).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { lang: string };
  expect(me.lang).toBe('fr');
  await shot(page, 'profile-panel-fr');
  await panelFr.getByRole('button', { name: 'Fermer' }).click();
  await expect(panelFr).toBeHidden();

  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Mon jeton API' }).click();
  const apiFr = page.getByRole('dialog', { name: 'Mon jeton API' });
  await apiFr.getByRole('button', { name: 'Générer un jeton' }).click();
  await expect(apiFr.getByLabel('Jeton', { exact: true })).toHaveValue(/.{20,}/);
  const first = await apiFr.getByLabel('Jeton', { exact: true }).inputValue();
  await expect(
    apiFr.getByText("il n'est affiché qu'une seule fois", { exact: false }),
  ).toBeVisible();
  await shot(page, 'api-panel-fr');
  await apiFr.getByRole('button', { name: 'Fermer' }).click();
  await expect(apiFr).toBeHidden();

  // Back to English for the token journey.
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();
  await page
    .getByRole('dialog', { name: 'Mon profil' })
    .getByLabel('Langue', { exact: true })
    .selectOption('en');
  await page
    .getByRole('dialog', { name: 'My profile' })
    .getByRole('button', { name: 'Close' })
    .click();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My API token' }).click();
  const apiPanel = page.getByRole('dialog', { name: 'My API token' });
  // Shown once: the panel now shows the token's hint only, and nothing to copy.
  await expect(apiPanel.getByLabel('Token', { exact: true })).toHaveValue(`aq_…${first.slice(-4)}`);
  await expect(apiPanel.getByRole('button', { name: 'Copy the token' })).toHaveCount(0);
  await apiPanel.getByRole('button', { name: 'Generate a new token' }).click();
  // A token exists: replacing it asks first (the old one stops working).
  const replace = page.getByRole('alertdialog', { name: 'Replace your API token?' });
  await replace.getByRole('button', { name: 'Replace the token' }).click();
  await expect(apiPanel.getByLabel('Token', { exact: true })).toHaveValue(/^aq_[\w-]{43}$/);
  await expect(apiPanel.getByText('it is shown only this once', { exact: false })).toBeVisible();
  const token = await apiPanel.getByLabel('Token', { exact: true }).inputValue();
  await expect(apiPanel.getByText(/^Valid until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(apiPanel.getByTestId('api-example')).toHaveText(
    `curl -H 'Authorization: Bearer ${token}' ${baseURL}/api/me`,
  );
  await expect(apiPanel.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
    'href',
    '/api_documentation',
  );
  await apiPanel.getByRole('button', { name: 'Copy the token' }).click();
  await expect(apiPanel.getByRole('button', { name: 'Token copied' })).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
  await shot(page, 'api-panel-en');

  // The token alone (no cookie) authenticates a call; the replaced one no longer does.
  const bearer = await request.newContext({ baseURL });
  const meByToken = await bearer.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(meByToken.status()).toBe(200);
  expect(((await meByToken.json()) as { email: string }).email).toBe(email);
  const old = await bearer.get('/api/me', { headers: { Authorization: `Bearer ${first}` } });
  expect(old.status()).toBe(401);
  await bearer.dispose();
});

test('a user reaching the users screen sees the 403 message and no data', async ({ page }) => {
  await signIn(page, 'user@demo.test', DEMO_PASSWORD);
  await page.goto('/users');
  await expect(page.getByText('You are not allowed to do this')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
