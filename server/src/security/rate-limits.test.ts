/**
 * Rate limits of the calls that guess or flood (docs/security.md), beyond the per-address cases
 * of auth.test.ts: failed logins per address over many accounts (password spraying), reset mails
 * per inbox from many addresses, invitation mails per user, and counters shared by every server
 * node through Redis.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, createUser, startTestApp, type TestApp } from '../../test/app.ts';
import { machinesOf } from '../modules/invitations/test-support.ts';
import { signIn } from '../modules/purifiers/test-support.ts';

const LOGIN_LIMIT = 2;
const FORGOT_LIMIT = 3;
const INVITATION_LIMIT = 2;
const limits = {
  LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
  FORGOT_PASSWORD_RATE_LIMIT: String(FORGOT_LIMIT),
  INVITATION_RATE_LIMIT: String(INVITATION_LIMIT),
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
