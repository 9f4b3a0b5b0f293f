import { expect, request, type APIRequestContext } from '@playwright/test';
import type { Language } from '@aircloud/shared/constants';
import { baseURL } from '../playwright.config.ts';

/** The password of the demo accounts the e2e server creates. */
export const DEMO_PASSWORD = 'Demo-1234';

/** An API client signed in as `email` (cookies kept, Origin of the app). */
export async function apiAs(email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/security/token/request', { data: { email, password } });
  expect(login.status()).toBe(204);
  return api;
}

/**
 * A fresh exported product key, generated and exported by the demo technician. Journeys run in
 * parallel on one server: a random start serial that is already taken (409) is drawn again.
 */
export async function exportedKey(model = 'HEPA_COCOON'): Promise<{ key: string; serial: string }> {
  const tech = await apiAs('tech@demo.test');
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const start = 100_000 + Math.floor(Math.random() * 899_000);
      const generated = await tech.post('/api/product_keys/generate', {
        data: { model, start_serial: start, count: 1 },
      });
      if (generated.status() === 409) continue;
      expect(generated.status()).toBe(201);
      const serial = (await generated.json()).first_serial_number as string;
      const found = await tech.get(`/api/product_keys?search=${encodeURIComponent(serial)}`);
      const key = (await found.json())['hydra:member'][0] as { ulid: string; key: string };
      const exported = await tech.post('/api/product_keys/export', { data: { ids: [key.ulid] } });
      expect(exported.status()).toBe(200);
      return { key: key.key, serial };
    }
    throw new Error('no free serial number after 5 draws');
  } finally {
    await tech.dispose();
  }
}

/** An enabled user with its own e-mail, created by the demo administrator; answers the e-mail. */
export async function newUser(options: {
  label: string;
  password: string;
  lang?: Language;
  firstname?: string;
  lastname?: string;
}): Promise<string> {
  const admin = await apiAs('admin@demo.test');
  const email = `${options.label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const created = await admin.post('/api/users', {
    data: {
      firstname: options.firstname ?? 'Journey',
      lastname: options.lastname ?? 'User',
      email,
      lang: options.lang ?? 'en',
      role: 'ROLE_USER',
      company: 'AirCloud',
      new_password1: options.password,
      new_password2: options.password,
    },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();
  return email;
}
