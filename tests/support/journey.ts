import { expect, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs } from './api.ts';

/** Signs in through the login form and waits for the purifier list. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/purifiers/);
}

/** Adds a purifier with an exported key for the user signed in on `page`; returns its ulid. */
export async function activatePurifier(page: Page, key: string): Promise<string> {
  const activated = await page.request.post('/api/purifiers/activate', {
    headers: { Origin: baseURL },
    data: { key },
  });
  expect(activated.status()).toBe(201);
  return ((await activated.json()) as { ulid: string }).ulid;
}

/** A sensor (fresh serial, named "Meeting room") provisioned for `ownerEmail` by the demo technician. */
export async function provisionSensor(
  ownerEmail: string,
): Promise<{ ulid: string; serial: string; secret: string }> {
  const tech = await apiAs('tech@demo.test');
  const serial = `AQS-E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const provisioned = await tech.post('/api/sensors', {
    data: { serial_number: serial, owner_email: ownerEmail, name: 'Meeting room' },
  });
  expect(provisioned.status()).toBe(201);
  const body = (await provisioned.json()) as { ulid: string; device_secret: string };
  await tech.dispose();
  return { ulid: body.ulid, serial, secret: body.device_secret };
}
