/**
 * Refresh-token theft detection, beyond auth.test.ts: a rotated token presented again, however
 * old, revokes its whole family (the newest token included, and every access token of the family)
 * and only that family; two refreshes racing with one token are a reuse too.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

/** Signs in: a new family; answers its refresh token. */
async function newFamily(email: string): Promise<string> {
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email, password: GOOD_PASSWORD });
  expect(res.status).toBe(204);
  return setCookies(res).refresh_token!.value;
}

/** Presents a refresh token; answers the status and the rotated token, if any. */
async function refresh(token: string): Promise<{ status: number; next?: string }> {
  const res = await request(t.url)
    .post('/security/token/refresh')
    .set('Cookie', `refresh_token=${token}`);
  return { status: res.status, next: setCookies(res).refresh_token?.value || undefined };
}

describe('refresh token reuse', () => {
  it('an old token of a chain revokes the newest one; the other sessions of the user live on', async () => {
    const user = await createUser(t.db);
    const first = await newFamily(user.email);
    const otherDevice = await newFamily(user.email);
    const chain = [first];
    for (let i = 0; i < 3; i += 1) {
      const rotated = await refresh(chain.at(-1)!);
      expect(rotated.status).toBe(204);
      chain.push(rotated.next!);
    }
    // The thief replays the first token: refused, and the legitimate newest token dies with it.
    expect((await refresh(chain[0]!)).status).toBe(401);
    expect((await refresh(chain.at(-1)!)).status).toBe(401);
    // Another family (another device) is not touched.
    const other = await refresh(otherDevice);
    expect(other.status).toBe(204);
    // And the user can sign in again.
    expect((await refresh(await newFamily(user.email))).status).toBe(204);
  });

  it('two refreshes racing with the same token: one rotation at most, then the family is revoked', async () => {
    const user = await createUser(t.db);
    const token = await newFamily(user.email);
    const results = await Promise.all([refresh(token), refresh(token)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([204, 401]);
    const winner = results.find((r) => r.status === 204)!.next!;
    expect((await refresh(winner)).status).toBe(401);
  });

  it('a detected reuse also refuses the access cookies of that family at once, not the others', async () => {
    const user = await createUser(t.db);
    const login = (email: string) =>
      request(t.url).post('/security/token/request').send({ email, password: GOOD_PASSWORD });
    const stolen = setCookies(await login(user.email));
    const other = setCookies(await login(user.email));
    const rotated = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${stolen.refresh_token!.value}`);
    expect(rotated.status).toBe(204);
    const access = `access_token=${setCookies(rotated).access_token!.value}`;
    const otherAccess = `access_token=${other.access_token!.value}`;
    expect((await request(t.url).get('/api/me').set('Cookie', access)).status).toBe(200);

    expect((await refresh(stolen.refresh_token!.value)).status).toBe(401);
    expect((await request(t.url).get('/api/me').set('Cookie', access)).status).toBe(401);
    const first = `access_token=${stolen.access_token!.value}`;
    expect((await request(t.url).get('/api/me').set('Cookie', first)).status).toBe(401);
    expect((await request(t.url).get('/api/me').set('Cookie', otherAccess)).status).toBe(200);
  });

  it('both session cookies are HttpOnly; the refresh token only ever goes to /security', async () => {
    const user = await createUser(t.db);
    const res = await request(t.url)
      .post('/security/token/request')
      .send({ email: user.email, password: GOOD_PASSWORD });
    const { access_token: access, refresh_token: refreshCookie } = setCookies(res);
    expect(refreshCookie!.raw).toMatch(/; Path=\/security(;|$)/);
    expect(refreshCookie!.raw).toMatch(/; HttpOnly(;|$)/);
    expect(refreshCookie!.raw).toMatch(/; SameSite=Strict(;|$)/);
    expect(access!.raw).toMatch(/; HttpOnly(;|$)/);
    expect(access!.raw).toMatch(/; SameSite=Lax(;|$)/);
  });
});
