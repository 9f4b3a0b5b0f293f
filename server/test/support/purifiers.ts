import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { expect } from 'vitest';
import { productKeys } from '@aircloud/core/db/schema';
import { GOOD_PASSWORD, createUser, setCookies, type TestApp } from '../app.ts';
import type { UserRow } from '@aircloud/core/users/repository';

/** A signed-in account and its access cookie, for the product-key and purifier tests. */
export interface Session {
  user: UserRow;
  cookie: string;
}

/** Creates an account of `role` and signs it in. */
export async function signIn(t: TestApp, role = 'ROLE_USER'): Promise<Session> {
  const user = await createUser(t.db, { role });
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email: user.email, password: GOOD_PASSWORD });
  expect(res.status).toBe(204);
  return { user, cookie: `access_token=${setCookies(res).access_token!.value}` };
}

let nextSerial = 1;

/** Generates `count` keys through the API (fresh serial range each call) and answers their rows. */
export async function generateKeys(
  t: TestApp,
  tech: Session,
  count = 1,
  model = 'HEPA_BULLE_WHITE',
) {
  const start = nextSerial;
  nextSerial += count;
  const res = await request(t.url)
    .post('/api/product_keys/generate')
    .set('Cookie', tech.cookie)
    .send({ model, start_serial: start, count });
  expect(res.status).toBe(201);
  const serials = Array.from(
    { length: count },
    (_, i) => `${model}-${String(start + i).padStart(6, '0')}`,
  );
  return t.db.select().from(productKeys).where(inArray(productKeys.serialNumber, serials));
}

/** Generates one key and exports it, ready for activation; answers its row. */
export async function exportedKey(t: TestApp, tech: Session, model = 'HEPA_BULLE_WHITE') {
  const [key] = await generateKeys(t, tech, 1, model);
  const res = await request(t.url)
    .post('/api/product_keys/export')
    .set('Cookie', tech.cookie)
    .send({ ids: [key!.id] });
  expect(res.status).toBe(200);
  const [row] = await t.db.select().from(productKeys).where(eq(productKeys.id, key!.id));
  expect(row!.state).toBe('exported');
  return row!;
}

/** Activates a key for a user through the API and answers the purifier body. */
export async function activate(t: TestApp, session: Session, key: string) {
  const res = await request(t.url)
    .post('/api/purifiers/activate')
    .set('Cookie', session.cookie)
    .send({ key });
  expect(res.status).toBe(201);
  return res.body as { ulid: string; '@id': string };
}

/**
 * What a claimed purifier's device does first (docs/api-devices.md): exchanges its serial and
 * product key for its own device secret, and answers that secret.
 */
export async function claimDevice(t: TestApp, serial: string, key: string): Promise<string> {
  const res = await request(t.url)
    .post('/device/v1/credentials')
    .set('Authorization', `Basic ${Buffer.from(`${serial}:${key}`).toString('base64')}`);
  expect(res.status).toBe(201);
  return (res.body as { device_secret: string }).device_secret;
}
