import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, DEMO_PASSWORD, exportedKey, newUser } from '../support/api.ts';
import { TestSensor } from '../support/sensor.ts';
import { provisionSensor } from '../support/journey.ts';

/** WCAG 2.2 AA, as the issue asks: every rule of these tags. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SCHEMES = ['light', 'dark'] as const;

/**
 * Routes whose remaining serious violations are inside other helpers' components (not the shell
 * or the colour tokens): listed so the lead can see them and empty this list after merging.
 * Each entry: the route as audited below → the axe rule ids tolerated there.
 */
const KNOWN_VIOLATIONS_OUTSIDE_SHELL: Record<string, readonly string[]> = {};

interface Finding {
  route: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Serious and critical axe violations of the page as it is now. */
async function audit(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const tolerated = KNOWN_VIOLATIONS_OUTSIDE_SHELL[route] ?? [];
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .filter((v) => !tolerated.includes(v.id))
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}

/** Opens `route` and waits until its page has drawn its main heading and settled. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.page-loader, .spinner')).toHaveCount(0);
  // Late requests (lists, graphs) finish before the audit; sockets do not count.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/purifiers/);
}

/** The tab routes a detail page links to (all of them, whatever the role shows). */
async function tabRoutes(page: Page, detail: string): Promise<string[]> {
  await open(page, detail);
  const hrefs = await page
    .locator('nav.tabs a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(1);
  return hrefs;
}

/** A purifier and a public sensor with a reading, owned by the demo administrator. */
async function adminMachines() {
  const admin = await apiAs('admin@demo.test');
  const { key } = await exportedKey();
  const activated = await admin.post('/api/purifiers/activate', { data: { key } });
  expect(activated.status()).toBe(201);
  const purifier = ((await activated.json()) as { ulid: string }).ulid;
  const sensor = await provisionSensor('admin@demo.test');
  const made = await admin.patch(`/api/sensors/${sensor.ulid}`, {
    headers: { 'Content-Type': 'application/merge-patch+json' },
    data: { is_public: true },
  });
  expect(made.status()).toBe(200);
  await admin.dispose();
  await new TestSensor(baseURL, sensor).post(
    { co2: 1300, pm25: 8, temperature: 21, humidity: 40 },
    new Date(Date.now() - 60_000),
  );
  return { purifier, sensor: sensor.ulid };
}

/** A firmware rollout to the purifier (its settings tab then shows the update); its ulid. */
async function rolloutOf(purifier: string): Promise<string> {
  const admin = await apiAs('admin@demo.test');
  const firmware = await admin.post('/api/firmwares', {
    multipart: {
      name: 'Accessible firmware',
      version: '9.9.9',
      models: 'HEPA_COCOON',
      file: { name: 'a11y.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(4096) },
    },
  });
  expect(firmware.status()).toBe(201);
  const started = await admin.post('/api/firmware_rollouts', {
    data: {
      firmware: ((await firmware.json()) as { ulid: string }).ulid,
      model: 'HEPA_COCOON',
      purifiers: [purifier],
    },
  });
  expect(started.status()).toBe(201);
  const { ulid } = (await started.json()) as { ulid: string };
  await admin.dispose();
  return ulid;
}

async function newPage(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme });
  return { context, page: await context.newPage() };
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.route} [${f.impact}] ${f.rule}\n    ${f.nodes.join('\n    ')}`)
    .join('\n');
}

for (const scheme of SCHEMES) {
  test.describe(`axe, ${scheme} theme`, () => {
    test(`anonymous pages, error pages and the public sensor graph (${scheme})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const machines = await adminMachines();
      const { context, page } = await newPage(browser, scheme);
      const routes = [
        '/login',
        '/forgot-password',
        '/renew-password?token=not-a-real-token',
        '/account-creation?token=not-a-real-token',
        '/easy-connect?token=not-a-real-token',
        '/error/500',
        '/error/403',
        '/no-such-page',
        `/sensor-graph/${machines.sensor}`,
      ];
      const findings: Finding[] = [];
      for (const route of routes) {
        await open(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        findings.push(...(await audit(page, route)));
      }
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });

    test(`user and admin pages (${scheme})`, async ({ browser }) => {
      test.setTimeout(240_000);
      const { context, page } = await newPage(browser, scheme);
      await signIn(page, 'admin@demo.test');
      const me = (await (await page.request.get('/api/me')).json()) as { ulid: string };
      const routes = [
        '/purifiers',
        '/sensors',
        '/invitations/sent',
        '/invitations/received',
        '/users',
        '/users/add',
        `/users/${me.ulid}/edit`,
        '/product-keys',
        '/firmware',
        '/translations',
        '/overview',
        '/notifications',
        '/fleet',
        '/fleet/devices?kind=purifier',
        '/audit-log',
      ];
      const findings: Finding[] = [];
      for (const route of routes) {
        await open(page, route);
        findings.push(...(await audit(page, route)));
      }
      // The user menu, open (with the theme switch).
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      findings.push(...(await audit(page, 'user menu')));
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });

    test(`every tab of a purifier and of a sensor, and a firmware rollout (${scheme})`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const machines = await adminMachines();
      const { context, page } = await newPage(browser, scheme);
      await signIn(page, 'admin@demo.test');
      const rollout = await rolloutOf(machines.purifier);
      const routes = [
        ...(await tabRoutes(page, `/purifiers/${machines.purifier}`)),
        // The decays behind the summary's measured air changes (a route without a tab).
        `/purifiers/${machines.purifier}/air-changes`,
        ...(await tabRoutes(page, `/sensors/${machines.sensor}`)),
        '/fleet/rollouts',
        `/fleet/rollouts/${rollout}`,
      ];
      const findings: Finding[] = [];
      for (const route of routes) {
        await open(page, route);
        findings.push(...(await audit(page, route.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, ':id'))));
      }
      await context.close();
      expect(findings, report(findings)).toEqual([]);
    });
  });
}

test.describe('keyboard and theme', () => {
  test('the skip link is the first focusable element and moves the focus to the content', async ({
    page,
  }) => {
    await signIn(page, 'user@demo.test');
    await page.goto('/sensors');
    await expect(page.locator('main h1')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    // The next Tab goes into the page, past the navigation.
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    await expect(page).toHaveURL(/\/sensors$/);
  });

  test('on the login form (autofocused e-mail) the skip link is still the first focusable element', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/e-?mail/i)).toBeFocused();
    const first = await page.evaluate(`(() => {
      const focusable = document.querySelectorAll(
        'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
      );
      return focusable[0]?.className ?? '';
    })()`);
    expect(first).toBe('skip-link');
  });

  test('the skip link speaks French in French', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).not.toBeInViewport();
    await skip.focus();
    await expect(skip).toBeInViewport();
    await context.close();
  });

  test('after a navigation the focus is on the page heading, not on the first load', async ({
    page,
  }) => {
    await signIn(page, 'user@demo.test');
    // From the login form to the purifier list: a navigation.
    await expect(page.locator('main h1')).toBeFocused();
    await page.goto('/sensors');
    await expect(page.locator('main h1')).toBeVisible();
    // A first load leaves the focus at the top of the document.
    await expect(page.locator('main h1')).not.toBeFocused();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /purifiers/i })
      .click();
    await expect(page).toHaveURL(/\/purifiers$/);
    await expect(page.locator('main h1')).toBeFocused();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /invitations/i })
      .click();
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('Escape closes the user menu and the mobile menu', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await signIn(page, 'user@demo.test');
    const toggle = page.getByRole('button', { name: 'Open the menu' });
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await context.close();
  });

  test('the theme follows the system before the first paint; the switch is stored on the profile', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    // Its own account: the choice lives on the profile, the demo users' pages must not see it.
    const password = 'Theme-switch-1234';
    const email = await newUser({ label: 'theme', password });
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Recorded when the document is parsed, before the app's module script runs.
    await page.addInitScript(`document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        window.themeAtParse = document.documentElement.dataset.theme ?? '';
    });`);
    await page.goto('/login');
    expect(await page.evaluate('window.themeAtParse')).toBe('dark');
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(13, 17, 23)');

    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/^password/i).fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    const saved = page.waitForResponse(
      (res) => res.request().method() === 'PUT' && /\/api\/users\//.test(res.url()),
    );
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect((await saved).status()).toBe(200);
    await page.reload();
    // No flash: the local copy paints light before the app asks the profile.
    expect(await page.evaluate('window.themeAtParse')).toBe('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // Another browser (dark system, nothing stored): the profile's light applies at sign-in.
    const other = await browser.newContext({ colorScheme: 'dark' });
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await expect(otherPage.locator('html')).toHaveAttribute('data-theme', 'dark');
    await otherPage.getByLabel(/e-?mail/i).fill(email);
    await otherPage.getByLabel(/^password/i).fill(password);
    await otherPage.getByRole('button', { name: /sign in/i }).click();
    await expect(otherPage.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(otherPage.locator('html')).toHaveAttribute('data-theme', 'light');
    await other.close();

    await page.getByRole('menuitemradio', { name: 'System theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });
});
