/**
 * The built client under the server's Content-Security-Policy: the login page and a signed-in
 * page load without one CSP violation (no inline script, no foreign origin), and the headers
 * that keep the pages out of frames and sniffing are on the HTML itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from '../support/journey.ts';
import { DEMO_PASSWORD } from '../support/api.ts';

/** Collects CSP violations of a page: `securitypolicyviolation` events and console reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  // Plain script text: the journeys are typed without the DOM library.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation(event.violatedDirective + ' ' + event.blockedURI));`,
  });
  return violations;
}

test('the login page and a signed-in page run under the CSP without a violation', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/login');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  // The page's own inline scripts by their hashes (server/src/http/client-app.ts), nothing else.
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('input[type="password"]').first()).toBeVisible();

  await signInThroughForm(page, 'user@demo.test', DEMO_PASSWORD);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Give lazy chunks, fonts and the socket time to load under the policy.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('an inline script is blocked: the CSP is enforced, not only sent', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/login');
  await page.evaluate(`{
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  }`);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(`'inlineRan' in window`)).toBe(false);
});
