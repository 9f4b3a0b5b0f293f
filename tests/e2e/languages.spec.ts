import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defaultPurifierName } from '@aircloud/shared/purifiers';
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '@aircloud/shared/constants';
import { flattenCatalogue } from '@aircloud/shared/i18n/flatten';
import { resources } from '@aircloud/shared/i18n/resources';
import { baseURL } from '../playwright.config.ts';
import { apiAs, DEMO_PASSWORD, exportedKey, newUser } from '../support/api.ts';
import { TestSensor } from '../support/sensor.ts';

const PASSWORD = 'Languages-1234';
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'var', 'screenshots');

const FLAT = Object.fromEntries(
  Object.entries(resources).map(([lang, tree]) => [lang, flattenCatalogue(tree)]),
) as Record<Language, Record<string, string>>;
/** Every catalogue key as code names it (plural suffixes folded). */
const KEYS = [
  ...new Set(Object.keys(FLAT.en).map((k) => k.replace(/_(one|other|many|few|two|zero)$/, ''))),
];

/**
 * English sentences of the catalogue that must not show on a screen in `lang`: several words,
 * no placeholder, translated differently, and not part of any text of that language.
 */
function englishLeftovers(lang: Language): string[] {
  const texts = Object.values(FLAT[lang]);
  return Object.entries(FLAT.en)
    .filter(([key, en]) => {
      const own = FLAT[lang][key];
      return (
        own !== undefined &&
        own !== en &&
        /\s/.test(en.trim()) &&
        !/[{<]/.test(en) &&
        !texts.some((text) => text.includes(en))
      );
    })
    .map(([, en]) => en);
}

/**
 * Fails when the visible text shows a raw catalogue key or, outside English, English text.
 * `ignore`: elements left out (the key column of the translations screen shows keys by design).
 */
async function expectTranslated(page: Page, lang: Language, ignore?: string): Promise<void> {
  const text = await page.locator('body').evaluate((body, selector) => {
    const skipped = selector
      ? [...body.querySelectorAll(selector)].map(
          (el) => (el as typeof body & { innerText: string }).innerText,
        )
      : [];
    return skipped.reduce(
      (rest, part) => rest.replace(part, ''),
      (body as typeof body & { innerText: string }).innerText,
    );
  }, ignore ?? null);
  const raw = KEYS.filter((key) => key.includes('.') && text.includes(key));
  expect(raw, `raw keys on ${page.url()}`).toEqual([]);
  if (lang !== 'en') {
    const english = englishLeftovers(lang).filter((en) => text.includes(en));
    expect(english, `English left on ${page.url()}`).toEqual([]);
  }
  if (lang === 'zh') expect(text).toMatch(/[\u4e00-\u9fff]/);
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Let fades and toasts settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `languages-${name}.png`) });
}

/** Signs in from the login page after choosing `lang` in its language picker (remembered). */
async function signIn(page: Page, email: string, password: string, lang: Language): Promise<void> {
  await page.goto('/login');
  await page.locator('.language-select select').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/purifiers/);
}

const TEXTS = {
  fr: { title: 'Mes purificateurs', summary: 'Résumé', parameters: 'Paramètres' },
  en: { title: 'My purifiers', summary: 'Summary', parameters: 'Parameters' },
  zh: {
    title: FLAT.zh['purifiers.title']!,
    summary: FLAT.zh['purifier.tabs.summary']!,
    parameters: FLAT.zh['purifier.tabs.parameters']!,
  },
} as const;

test.describe.configure({ mode: 'serial' });

for (const lang of ['fr', 'en', 'zh'] as const) {
  test(`the purifier journey in ${lang}`, async ({ page }) => {
    const email = await newUser({
      label: `languages-${lang}`,
      password: PASSWORD,
      lang,
      firstname: 'Lena',
      lastname: 'Lang',
    });
    const { key, serial } = await exportedKey('HEPA_BULLE_WHITE');

    await page.goto('/login');
    await page.locator('.language-select select').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectTranslated(page, lang);
    await shot(page, `${lang}-login`);
    await signIn(page, email, PASSWORD, lang);

    // The purifier comes from a product key, added through the API with the browser's session.
    const activated = await page.request.post('/api/purifiers/activate', {
      headers: { Origin: baseURL },
      data: { key },
    });
    expect(activated.status()).toBe(201);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: TEXTS[lang].title })).toBeVisible();
    await expect(page.getByText(serial).first()).toBeVisible();
    await expectTranslated(page, lang);
    await shot(page, `${lang}-purifiers`);

    // A new purifier is named by its model and the last digits of its serial.
    const name = defaultPurifierName('HEPA_BULLE_WHITE', serial);
    await page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/purifiers\/[0-9A-Z]{26}\/summary$/);
    await expect(page.getByRole('link', { name: TEXTS[lang].summary })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectTranslated(page, lang);
    // A purifier that never reported says its maintenance levels are not known yet.
    await expect(page.getByText(FLAT[lang]['purifiers.levels-unknown']!).first()).toBeVisible();
    await shot(page, `${lang}-purifier-summary`);

    await page.getByRole('link', { name: TEXTS[lang].parameters }).click();
    await expect(page).toHaveURL(/\/parameters$/);
    // The system date is today in Paris, shown DD/MM/YYYY; the calendar starts on Monday.
    const today = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    await expect(page.locator('#pp-date')).toHaveValue(today);
    await page.locator('.date-input__toggle').click();
    const monday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1)),
    );
    await expect(page.locator('.date-input__grid th').first()).toHaveText(monday);
    await expectTranslated(page, lang);
    await shot(page, `${lang}-purifier-parameters`);

    // A sensor graph: provisioned for this user by the demo technician, one sample reported.
    const tech = await apiAs('tech@demo.test');
    const sensorSerial = `AQS-LANG-${lang}-${Date.now().toString(36)}`;
    const provisioned = await tech.post('/api/sensors', {
      data: { serial_number: sensorSerial, owner_email: email, name: sensorSerial },
    });
    expect(provisioned.status()).toBe(201);
    const sensor = (await provisioned.json()) as { ulid: string; device_secret: string };
    await tech.dispose();
    await new TestSensor(baseURL, { serial: sensorSerial, secret: sensor.device_secret }).post(
      { co2: 812, pm25: 12.5, temperature: 21.5, humidity: 45 },
      new Date(Date.now() - 60_000),
    );
    await page.goto(`/sensors/${sensor.ulid}/graphs?m=co2,pm25,temperature`);
    await expect(page.locator('.measure-chart__canvas canvas').first()).toBeVisible();
    // Numbers in the reader's language: 12,5 in French, 12.5 in English and Chinese.
    await expect(page.locator('.measure-chart__legend-value[data-measure="pm25"]')).toHaveText(
      lang === 'fr' ? '12,5 µg/m3' : '12.5 µg/m3',
    );
    await expect(page.getByRole('link', { name: FLAT[lang]['sensor.tabs.graphs']! })).toHaveClass(
      /is-active/,
    );
    await expectTranslated(page, lang);
    await shot(page, `${lang}-sensor-graph`);
  });
}

test('an override saved on /translations shows to a user after a reload', async ({
  page,
  browser,
}) => {
  const override = 'Mes purificateurs d’air';
  const admin = await apiAs('admin@demo.test');
  try {
    // A French user is on the purifier list.
    const email = await newUser({
      label: 'languages-fr',
      password: PASSWORD,
      lang: 'fr',
      firstname: 'Lena',
      lastname: 'Lang',
    });
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await signIn(userPage, email, PASSWORD, 'fr');
    await expect(
      userPage.getByRole('heading', { level: 1, name: 'Mes purificateurs' }),
    ).toBeVisible();

    // A non-admin gets the 403 message on the translations screen.
    await userPage.goto('/translations');
    await expect(userPage.getByText("Vous n'avez pas le droit de faire cela")).toBeVisible();
    await expect(userPage.getByRole('table')).toHaveCount(0);

    await signIn(page, 'admin@demo.test', DEMO_PASSWORD, 'fr');
    await page.goto('/translations');
    await expect(page.getByRole('heading', { level: 1, name: 'Traductions' })).toBeVisible();
    await page.getByLabel('Langue', { exact: true }).selectOption('fr');
    await page.getByLabel('Rechercher une clé ou un texte').fill('purifiers.title');
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'purifiers.title', exact: true }),
    });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Modifier purifiers.title en Français' }).click();
    const box = row.getByRole('textbox', { name: 'Modifier purifiers.title en Français' });
    await box.fill(override);
    await row.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(row.getByText('Modifiée')).toBeVisible();
    await expect(row.getByText(override)).toBeVisible();
    await expectTranslated(page, 'fr', '.translations-table__key');
    await shot(page, 'fr-translations');

    await userPage.goto('/purifiers');
    await userPage.reload();
    await expect(userPage.getByRole('heading', { level: 1, name: override })).toBeVisible();
    await shot(userPage, 'fr-purifiers-overridden');
    await userContext.close();
  } finally {
    await admin.delete('/api/translations/fr/purifiers.title');
    await admin.dispose();
  }
});
