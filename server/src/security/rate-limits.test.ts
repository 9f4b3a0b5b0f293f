/**
 * Rate limits of the calls that guess or flood (docs/security.md), beyond the per-address cases
 * of auth.test.ts: failed logins per address over many accounts (password spraying) and per
 * account over many addresses, an X-Forwarded-For nobody vouches for, reset and activation mails
 * per address and per inbox, wrong current passwords per user, invitation mails per user, and
 * counters shared by every server node through Redis.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails as mailsTable } from '@aircloud/core/db/schema';
import { GOOD_PASSWORD, createUser, startTestApp, type TestApp } from '../../test/app.ts';
import { machinesOf } from '../../test/support/invitations.ts';
import { signIn } from '../../test/support/purifiers.ts';

const LOGIN_LIMIT = 2;
const FORGOT_LIMIT = 3;
const INVITATION_LIMIT = 2;
const REGISTRATION_LIMIT = 2;
const PASSWORD_CHANGE_LIMIT = 2;
const limits = {
  LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
  FORGOT_PASSWORD_RATE_LIMIT: String(FORGOT_LIMIT),
  INVITATION_RATE_LIMIT: String(INVITATION_LIMIT),
  REGISTRATION_RATE_LIMIT: String(REGISTRATION_LIMIT),
  PASSWORD_CHANGE_RATE_LIMIT: String(PASSWORD_CHANGE_LIMIT),
};

let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await startTestApp(limits);
  // A second server node on the same database and Redis keys.
  second = await startTestApp({ ...limits, REDIS_PREFIX: t.config.redisPrefix }, { database: t });
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

const login = (url: string, ip: string, email: string, password: string) =>
  request(url).post('/security/token/request').set('X-Forwarded-For', ip).send({ email, password });

const forgot = (ip: string, email: string) =>
  request(t.url).post('/security/forgot-password').set('X-Forwarded-For', ip).send({ email });

describe('login rate limits', () => {
  it('one address spraying a password over many accounts is stopped at ten times the limit', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < LOGIN_LIMIT * 10; i += 1) {
      const res = await login(t.url, ip, `spray-${i}@example.com`, 'Wrong1234');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const user = await createUser(t.db);
    const blocked = await login(t.url, ip, user.email, GOOD_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await login(t.url, '10.1.0.2', user.email, GOOD_PASSWORD)).status).toBe(204);
  });

  it('successful logins do not count', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_LIMIT + 2; i += 1)
      expect((await login(t.url, '10.1.1.1', user.email, GOOD_PASSWORD)).status).toBe(204);
  });

  it('every server node counts the same failures (Redis)', async () => {
    const user = await createUser(t.db);
    const ip = '10.1.2.1';
    expect((await login(t.url, ip, user.email, 'Wrong1234')).status).toBe(401);
    expect((await login(second.url, ip, user.email, 'Wrong1234')).status).toBe(401);
    const blocked = await login(t.url, ip, user.email, GOOD_PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await login(second.url, ip, user.email, GOOD_PASSWORD)).status).toBe(429);
  });
});

describe('login rate limits per account and behind no proxy', () => {
  it('one account is stopped after three times the limit of failures from any addresses', async () => {
    const user = await createUser(t.db);
    // Each address stays under its own limit (LOGIN_LIMIT per address and e-mail).
    for (let i = 0; i < LOGIN_LIMIT * 3; i += 1) {
      const res = await login(t.url, `10.5.${i}.1`, user.email, 'Wrong1234');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(t.url, '10.5.200.1', user.email.toUpperCase(), GOOD_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    // Another account from the same addresses is not affected.
    const other = await createUser(t.db);
    expect((await login(t.url, '10.5.0.1', other.email, GOOD_PASSWORD)).status).toBe(204);
  });

  it('a spoofed X-Forwarded-For gives no fresh budget when no proxy is trusted (the default)', async () => {
    // The product's default (the test helper trusts loopback to stand for proxies).
    const direct = await startTestApp({ ...limits, TRUST_PROXY: undefined });
    try {
      const user = await createUser(direct.db);
      for (let i = 0; i < LOGIN_LIMIT; i += 1)
        expect((await login(direct.url, `10.6.0.${i}`, user.email, 'Wrong1234')).status).toBe(401);
      const blocked = await login(direct.url, '10.6.0.99', user.email, GOOD_PASSWORD);
      expect(blocked.status).toBe(429);
    } finally {
      await direct.stop();
    }
  });
});

describe('registration and activation-mail rate limits', () => {
  const register = (ip: string, email: string, extra: object = {}) =>
    request(t.url)
      .post('/api/registration')
      .set('X-Forwarded-For', ip)
      .send({
        firstname: 'Grace',
        lastname: 'Hopper',
        email,
        password: GOOD_PASSWORD,
        ...extra,
      });
  const resend = (ip: string, email: string) =>
    request(t.url).post('/api/registration/resend').set('X-Forwarded-For', ip).send({ email });

  it('one address registers at most the limit an hour; refused registrations do not count', async () => {
    const ip = '10.7.0.1';
    expect((await register(ip, 'not an address')).status).toBe(422);
    expect((await register(ip, 'weak-7@example.com', { password: 'weak' })).status).toBe(422);
    expect((await register(ip, 'reg-7a@example.com')).status).toBe(201);
    expect((await register(ip, 'reg-7a@example.com')).status).toBe(409);
    expect((await register(ip, 'reg-7b@example.com')).status).toBe(201);
    const blocked = await register(ip, 'reg-7c@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    // Resends count with registrations: they mail the same link.
    expect((await resend(ip, 'reg-7a@example.com')).status).toBe(429);
    expect((await register('10.7.0.2', 'reg-7c@example.com')).status).toBe(201);
  });

  it('one inbox gets at most the limit of activation mails, whatever the addresses', async () => {
    const email = 'inbox-8@example.com';
    expect((await register('10.8.0.1', email)).status).toBe(201);
    expect((await resend('10.8.0.2', email)).status).toBe(204);
    const blocked = await resend('10.8.0.3', email.toUpperCase());
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    const mails = await t.db.select().from(mailsTable).where(eq(mailsTable.to, email));
    expect(mails).toHaveLength(REGISTRATION_LIMIT);
    // Another inbox from a fresh address is not affected.
    expect((await resend('10.8.0.4', 'someone-else-8@example.com')).status).toBe(204);
  });
});

describe('password change rate limit', () => {
  it('a user sends at most the limit of wrong current passwords; other refusals do not count', async () => {
    const session = await signIn(t);
    const change = (app: TestApp, current: string, next = 'Changed123') =>
      request(app.url)
        .post('/api/me/edit-password')
        .set('Cookie', session.cookie)
        .send({ current_password: current, new_password1: next, new_password2: next });
    // Bad input and a mismatch after the right password are not guesses.
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT + 1; i += 1) {
      expect((await change(t, GOOD_PASSWORD, 'short')).status).toBe(422);
      const mismatch = await request(t.url)
        .post('/api/me/edit-password')
        .set('Cookie', session.cookie)
        .send({ current_password: GOOD_PASSWORD, new_password1: 'Changed123', new_password2: 'x' });
      expect(mismatch.body['hydra:description']).toBe('new_password_invalid');
    }
    const first = await change(t, 'Wrong1234');
    expect(first.body['hydra:description']).toBe('current_password_invalid');
    expect((await change(second, 'Wrong4321')).status).toBe(422);
    const blocked = await change(t, GOOD_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    // Another user is not affected.
    const other = await signIn(t);
    const res = await request(t.url)
      .post('/api/me/edit-password')
      .set('Cookie', other.cookie)
      .send({
        current_password: GOOD_PASSWORD,
        new_password1: 'Changed123',
        new_password2: 'Changed123',
      });
    expect(res.status).toBe(204);
  });
});

describe('forgot-password rate limits', () => {
  it('one inbox gets at most the limit of reset requests, whatever the addresses', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < FORGOT_LIMIT; i += 1)
      expect((await forgot(`10.2.0.${i + 1}`, user.email)).status).toBe(204);
    const blocked = await forgot('10.2.0.200', user.email.toUpperCase());
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
    // Another inbox from a fresh address is not affected.
    expect((await forgot('10.2.0.201', 'someone-else@example.com')).status).toBe(204);
  });
});

describe('invitation rate limit', () => {
  it('a user sends at most the limit an hour, counted on every node; refusals do not count', async () => {
    const owner = await signIn(t);
    const { purifier } = await machinesOf(t, await signIn(t, 'ROLE_TECHNICIAN'), owner);
    const send = (app: TestApp, emails: string) =>
      request(app.url)
        .post('/api/invitations')
        .set('Cookie', owner.cookie)
        .send({ emails, purifiers: [purifier], sensors: [] });

    expect((await send(t, 'not an address')).status).toBe(422);
    expect((await send(t, 'limit-1@example.com')).status).toBe(201);
    expect((await send(second, 'limit-2@example.com')).status).toBe(201);
    const refused = await send(t, 'limit-3@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body['hydra:description']).toBe('too_many_requests');

    const sent = await request(t.url)
      .get('/api/invitations?direction=sent')
      .set('Cookie', owner.cookie);
    const emails = (sent.body['hydra:member'] as { email: string }[]).map((i) => i.email);
    expect(emails.sort()).toEqual(['limit-1@example.com', 'limit-2@example.com']);
    // Another user is not affected.
    const other = await signIn(t);
    const { purifier: theirs } = await machinesOf(t, await signIn(t, 'ROLE_TECHNICIAN'), other);
    const res = await request(t.url)
      .post('/api/invitations')
      .set('Cookie', other.cookie)
      .send({ emails: 'limit-4@example.com', purifiers: [theirs], sensors: [] });
    expect(res.status).toBe(201);
  });
});
