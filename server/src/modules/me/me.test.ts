import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@aircloud/core/db/schema';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

async function session(email: string, password = GOOD_PASSWORD) {
  const res = await request(t.url).post('/security/token/request').send({ email, password });
  expect(res.status).toBe(204);
  const cookies = setCookies(res);
  return {
    access: `access_token=${cookies.access_token!.value}`,
    refresh: `refresh_token=${cookies.refresh_token!.value}`,
  };
}

describe('GET /api/me', () => {
  it('answers the current user in the Me shape', async () => {
    const user = await createUser(t.db, { role: 'ROLE_TECHNICIAN', lang: 'en' });
    const { access } = await session(user.email);
    const res = await request(t.url).get('/api/me').set('Cookie', access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      '@id': `/api/users/${user.id}`,
      '@type': 'User',
      ulid: user.id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: user.email,
      lang: 'en',
      theme: 'system',
      avatar: null,
      role: 'ROLE_TECHNICIAN',
      company: 'Analytical',
      phone: '',
      invitations_received_count: 0,
      api_token: null,
      api_token_hint: null,
      api_token_validity: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 unauthorized without a session, with a forged token, or once the account is disabled', async () => {
    const none = await request(t.url).get('/api/me');
    expect(none.status).toBe(401);
    expect(none.body['hydra:description']).toBe('unauthorized');
    expect(
      (await request(t.url).get('/api/me').set('Cookie', 'access_token=forged.jwt.value')).status,
    ).toBe(401);

    const user = await createUser(t.db);
    const { access } = await session(user.email);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    expect((await request(t.url).get('/api/me').set('Cookie', access)).status).toBe(401);
  });
});

describe('POST /api/me/generate-api-token', () => {
  it('answers a new aq_ token valid one year, once: /api/me shows only its hint; usable as Bearer', async () => {
    const user = await createUser(t.db);
    const { access } = await session(user.email);
    const res = await request(t.url).post('/api/me/generate-api-token').set('Cookie', access);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.api_token).toMatch(/^aq_[\w-]{43}$/);
    const token = res.body.api_token as string;
    expect(res.body.api_token_hint).toBe(`aq_…${token.slice(-4)}`);
    const validity = new Date(res.body.api_token_validity).getTime();
    expect(validity - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    const me = await request(t.url).get('/api/me').set('Cookie', access);
    expect(me.body).toMatchObject({
      api_token: null,
      api_token_hint: res.body.api_token_hint,
      api_token_validity: res.body.api_token_validity,
    });
    expect(JSON.stringify(me.body)).not.toContain(token);
    // Stored: its hash and last characters only.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.apiTokenHint).toBe(token.slice(-4));
    expect(JSON.stringify(row)).not.toContain(token.slice(3));

    const bearer = await request(t.url).get('/api/me').set('Authorization', `Bearer ${token}`);
    expect(bearer.status).toBe(200);
    expect(bearer.body.email).toBe(user.email);
    expect(bearer.body.api_token).toBeNull();
  });

  it('replaces the previous token, which stops working', async () => {
    const user = await createUser(t.db);
    const { access } = await session(user.email);
    const generate = () => request(t.url).post('/api/me/generate-api-token').set('Cookie', access);
    const first = (await generate()).body.api_token as string;
    const second = (await generate()).body.api_token as string;
    expect(second).not.toBe(first);
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${first}`)).status,
    ).toBe(401);
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${second}`)).status,
    ).toBe(200);
  });

  it('answers 403 forbidden to an API token caller: a token never mints its replacement', async () => {
    const user = await createUser(t.db);
    const { access } = await session(user.email);
    const token = (await request(t.url).post('/api/me/generate-api-token').set('Cookie', access))
      .body.api_token as string;
    const res = await request(t.url)
      .post('/api/me/generate-api-token')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body['hydra:description']).toBe('forbidden');
    expect(res.body.api_token).toBeUndefined();
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(200);
  });

  it('refuses an expired token and answers 401 without authentication', async () => {
    const user = await createUser(t.db);
    const { access } = await session(user.email);
    const token = (await request(t.url).post('/api/me/generate-api-token').set('Cookie', access))
      .body.api_token as string;
    await t.db
      .update(users)
      .set({ apiTokenValidity: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
    expect((await request(t.url).post('/api/me/generate-api-token')).status).toBe(401);
  });
});

describe('POST /api/me/edit-password', () => {
  it('changes the password, keeps this browser signed in and revokes the other sessions', async () => {
    const user = await createUser(t.db);
    const other = await session(user.email);
    const mine = await session(user.email);
    const res = await request(t.url).post('/api/me/edit-password').set('Cookie', mine.access).send({
      current_password: GOOD_PASSWORD,
      new_password1: 'Changed123',
      new_password2: 'Changed123',
    });
    expect(res.status).toBe(204);
    const renewed = setCookies(res);
    expect(renewed.refresh_token?.value).toBeTruthy();
    expect(
      (await request(t.url).post('/security/token/refresh').set('Cookie', other.refresh)).status,
    ).toBe(401);
    expect(
      (await request(t.url).post('/security/token/refresh').set('Cookie', mine.refresh)).status,
    ).toBe(401);
    expect(
      (
        await request(t.url)
          .post('/security/token/refresh')
          .set('Cookie', `refresh_token=${renewed.refresh_token!.value}`)
      ).status,
    ).toBe(204);
    expect(
      (
        await request(t.url)
          .post('/security/token/request')
          .send({ email: user.email, password: 'Changed123' })
      ).status,
    ).toBe(204);
  });

  it('answers 422 with current_password_invalid, new_password_invalid, password_already_used, password_must_be', async () => {
    const user = await createUser(t.db);
    const { access } = await session(user.email);
    const post = (body: object) =>
      request(t.url).post('/api/me/edit-password').set('Cookie', access).send(body);
    const cases: [object, string][] = [
      [
        { current_password: 'Wrong1234', new_password1: 'Changed123', new_password2: 'Changed123' },
        'current_password_invalid',
      ],
      [
        {
          current_password: GOOD_PASSWORD,
          new_password1: 'Changed123',
          new_password2: 'Changed124',
        },
        'new_password_invalid',
      ],
      [
        {
          current_password: GOOD_PASSWORD,
          new_password1: GOOD_PASSWORD,
          new_password2: GOOD_PASSWORD,
        },
        'password_already_used',
      ],
      [
        { current_password: GOOD_PASSWORD, new_password1: 'short', new_password2: 'short' },
        'password_must_be',
      ],
      [{ current_password: GOOD_PASSWORD }, 'validation_failed'],
    ];
    for (const [body, key] of cases) {
      const res = await post(body);
      expect(res.status, key).toBe(422);
      expect(res.body['hydra:description']).toBe(key);
    }
    expect(
      (
        await request(t.url)
          .post('/security/token/request')
          .send({ email: user.email, password: GOOD_PASSWORD })
      ).status,
    ).toBe(204);
  });

  it('answers 401 without authentication', async () => {
    const res = await request(t.url).post('/api/me/edit-password').send({
      current_password: GOOD_PASSWORD,
      new_password1: 'Changed123',
      new_password2: 'Changed123',
    });
    expect(res.status).toBe(401);
  });
});
