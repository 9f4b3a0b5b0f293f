import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, validationCodes } from '@aircloud/core/db/schema';
import {
  GOOD_PASSWORD,
  PUBLIC_URL,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT: '3', FORGOT_PASSWORD_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t?.stop();
});

async function login(email: string, password = GOOD_PASSWORD) {
  const res = await request(t.url).post('/security/token/request').send({ email, password });
  return { res, cookies: setCookies(res) };
}

function accessCookie(cookies: ReturnType<typeof setCookies>) {
  return `access_token=${cookies.access_token!.value}`;
}

/** The token of the last mail of a template sent to `to`, read from its link. */
async function tokenFromMail(to: string, template: string): Promise<string> {
  const rows = await t.db.select().from(mails).where(eq(mails.to, to));
  const mail = rows.filter((m) => m.template === template).at(-1);
  const link = (mail?.data as { link?: string } | undefined)?.link ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

describe('POST /security/token/request', () => {
  it('signs in with the right password and sets both cookies', async () => {
    const user = await createUser(t.db);
    const { res, cookies } = await login(user.email.toUpperCase());
    expect(res.status).toBe(204);
    expect(cookies.access_token?.raw).toMatch(/HttpOnly/);
    expect(cookies.access_token?.raw).toMatch(/SameSite=Lax/);
    expect(cookies.access_token?.raw).toMatch(/Path=\/;/);
    expect(cookies.refresh_token?.raw).toMatch(/SameSite=Strict/);
    expect(cookies.refresh_token?.raw).toMatch(/Path=\/security/);
    // The page may read the hint (no secret in it), never the tokens.
    expect(cookies.session_hint?.value).toBe('1');
    expect(cookies.session_hint?.raw).not.toMatch(/HttpOnly/);
    expect(cookies.session_hint?.raw).toMatch(/Path=\/;/);
    const me = await request(t.url).get('/api/me').set('Cookie', accessCookie(cookies));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
  });

  it('answers 401 credential for a wrong password or an unknown e-mail, in the asked language', async () => {
    const user = await createUser(t.db);
    const wrong = await request(t.url)
      .post('/security/token/request')
      .set('Accept-Language', 'en')
      .send({ email: user.email, password: 'Wrong1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:description': 'credential',
      'hydra:title': 'Incorrect e-mail address or password',
      status: 401,
    });
    expect(setCookies(wrong).access_token).toBeUndefined();
    const unknown = await request(t.url)
      .post('/security/token/request')
      .send({ email: 'nobody@example.com', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body['hydra:description']).toBe('credential');
    expect(unknown.body['hydra:title']).toBe('Adresse e-mail ou mot de passe incorrect');
  });

  it('refuses a disabled account with account_not_enabled', async () => {
    const user = await createUser(t.db, { enabled: false });
    const { res, cookies } = await login(user.email);
    expect(res.status).toBe(401);
    expect(res.body['hydra:description']).toBe('account_not_enabled');
    expect(cookies.access_token).toBeUndefined();
  });

  it('answers 422 with violations for a bad body and for unknown fields', async () => {
    const res = await request(t.url)
      .post('/security/token/request')
      .send({ email: 'not-an-email', extra: 1 });
    expect(res.status).toBe(422);
    expect(res.body['@type']).toBe('ConstraintViolationList');
    expect(res.body['hydra:description']).toBe('validation_failed');
    const byPath = Object.fromEntries(
      res.body.violations.map((v: { propertyPath: string; code: string }) => [
        v.propertyPath,
        v.code,
      ]),
    );
    expect(byPath).toEqual({ email: 'email', password: 'required', extra: 'unknown_field' });
  });

  it('answers 429 too_many_requests once the failed attempts for an IP and e-mail reach the limit', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(user.email, 'Wrong1234')).res.status).toBe(401);
    }
    const blocked = await login(user.email);
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.body['hydra:description']).toBe('too_many_requests');
    // Another account from the same address is not blocked.
    const other = await createUser(t.db);
    expect((await login(other.email)).res.status).toBe(204);
  });
});

describe('POST /security/token/refresh', () => {
  it('rotates both cookies and the new access token works', async () => {
    const user = await createUser(t.db);
    const { cookies } = await login(user.email);
    const res = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${cookies.refresh_token!.value}`);
    expect(res.status).toBe(204);
    const rotated = setCookies(res);
    expect(rotated.refresh_token?.value).toBeTruthy();
    expect(rotated.refresh_token?.value).not.toBe(cookies.refresh_token!.value);
    const me = await request(t.url).get('/api/me').set('Cookie', accessCookie(rotated));
    expect(me.status).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown token', async () => {
    const none = await request(t.url).post('/security/token/refresh');
    expect(none.status).toBe(401);
    expect(none.body['hydra:description']).toBe('unauthorized');
    const bad = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', 'refresh_token=forged');
    expect(bad.status).toBe(401);
  });

  it('on reuse of a replaced token answers 401 and revokes the whole family', async () => {
    const user = await createUser(t.db);
    const { cookies } = await login(user.email);
    const first = cookies.refresh_token!.value;
    const rotated = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${first}`);
    expect(rotated.status).toBe(204);
    const second = setCookies(rotated).refresh_token!.value;

    const reused = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${first}`);
    expect(reused.status).toBe(401);
    const afterReuse = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${second}`);
    expect(afterReuse.status).toBe(401);
  });
});

describe('GET /security/logout', () => {
  it('answers 204, clears the cookies and revokes the refresh token', async () => {
    const user = await createUser(t.db);
    const { cookies } = await login(user.email);
    const res = await request(t.url)
      .get('/security/logout')
      .set('Cookie', `refresh_token=${cookies.refresh_token!.value}; ${accessCookie(cookies)}`);
    expect(res.status).toBe(204);
    const cleared = setCookies(res);
    expect(cleared.access_token?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.refresh_token?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.session_hint?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    const refresh = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${cookies.refresh_token!.value}`);
    expect(refresh.status).toBe(401);
  });

  it('never fails, even without a session', async () => {
    const res = await request(t.url).get('/security/logout');
    expect(res.status).toBe(204);
  });

  it('refuses a cross-site logout with csrf_origin', async () => {
    const res = await request(t.url).get('/security/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body['hydra:description']).toBe('csrf_origin');
  });
});

describe('POST /security/forgot-password', () => {
  it('answers 204 and records a password_reset mail with a renew link for an existing account', async () => {
    const user = await createUser(t.db, { lang: 'en' });
    const res = await request(t.url)
      .post('/security/forgot-password')
      .set('X-Forwarded-For', '10.0.0.1')
      .send({ email: user.email });
    expect(res.status).toBe(204);
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, user.email));
    expect(mail).toMatchObject({ template: 'password_reset', lang: 'en', status: 'pending' });
    const link = new URL((mail!.data as { link: string }).link);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/renew-password`);
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  });

  it('answers 204 for an unknown e-mail without recording a mail', async () => {
    const res = await request(t.url)
      .post('/security/forgot-password')
      .set('X-Forwarded-For', '10.0.0.2')
      .send({ email: 'nobody@example.com' });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(mails).where(eq(mails.to, 'nobody@example.com'))).toHaveLength(
      0,
    );
  });

  it('answers 422 for an invalid e-mail', async () => {
    const res = await request(t.url)
      .post('/security/forgot-password')
      .set('X-Forwarded-For', '10.0.0.3')
      .send({ email: 'nope' });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'email', code: 'email' });
  });

  it('answers 429 past the limit per IP', async () => {
    const send = () =>
      request(t.url)
        .post('/security/forgot-password')
        .set('X-Forwarded-For', '10.0.0.4')
        .send({ email: 'ghost@example.com' });
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(204);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect(blocked.body['hydra:description']).toBe('too_many_requests');
  });
});

describe('POST /security/reset-password', () => {
  async function resetToken(email: string, ip: string) {
    await request(t.url)
      .post('/security/forgot-password')
      .set('X-Forwarded-For', ip)
      .send({ email });
    return tokenFromMail(email, 'password_reset');
  }

  it('sets the new password, revokes every session and cannot be used twice', async () => {
    const user = await createUser(t.db);
    const { cookies } = await login(user.email);
    const token = await resetToken(user.email, '10.0.1.1');
    const body = { token, new_password1: 'NewSecret9', new_password2: 'NewSecret9' };
    const res = await request(t.url).post('/security/reset-password').send(body);
    expect(res.status).toBe(204);
    expect((await login(user.email)).res.status).toBe(401);
    expect((await login(user.email, 'NewSecret9')).res.status).toBe(204);
    const refresh = await request(t.url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${cookies.refresh_token!.value}`);
    expect(refresh.status).toBe(401);
    const again = await request(t.url)
      .post('/security/reset-password')
      .send({ ...body, new_password1: 'Other1234', new_password2: 'Other1234' });
    expect(again.status).toBe(400);
    expect(again.body['hydra:description']).toBe('error_token_renew');
  });

  it('answers 400 error_token_renew for an unknown or expired token', async () => {
    const unknown = await request(t.url)
      .post('/security/reset-password')
      .send({ token: 'nope', new_password1: 'NewSecret9', new_password2: 'NewSecret9' });
    expect(unknown.status).toBe(400);
    expect(unknown.body['hydra:description']).toBe('error_token_renew');

    const user = await createUser(t.db);
    const token = await resetToken(user.email, '10.0.1.2');
    await t.db
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(validationCodes.userId, user.id));
    const expired = await request(t.url)
      .post('/security/reset-password')
      .send({ token, new_password1: 'NewSecret9', new_password2: 'NewSecret9' });
    expect(expired.status).toBe(400);
    expect(expired.body['hydra:description']).toBe('error_token_renew');
  });

  it('answers 422 password_must_be, new_password_invalid and password_already_used', async () => {
    const user = await createUser(t.db);
    const token = await resetToken(user.email, '10.0.1.3');
    const weak = await request(t.url)
      .post('/security/reset-password')
      .send({ token, new_password1: 'weak', new_password2: 'weak' });
    expect(weak.status).toBe(422);
    expect(weak.body['hydra:description']).toBe('password_must_be');
    expect(weak.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'new_password1', code: 'password_must_be' }),
    ]);
    const mismatch = await request(t.url)
      .post('/security/reset-password')
      .send({ token, new_password1: 'NewSecret9', new_password2: 'NewSecret8' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body['hydra:description']).toBe('new_password_invalid');
    const same = await request(t.url)
      .post('/security/reset-password')
      .send({ token, new_password1: GOOD_PASSWORD, new_password2: GOOD_PASSWORD });
    expect(same.status).toBe(422);
    expect(same.body['hydra:description']).toBe('password_already_used');
    // None of the refusals consumed the code.
    const ok = await request(t.url)
      .post('/security/reset-password')
      .send({ token, new_password1: 'NewSecret9', new_password2: 'NewSecret9' });
    expect(ok.status).toBe(204);
  });
});

describe('POST /security/activate', () => {
  async function register(email: string) {
    const res = await request(t.url).post('/api/registration').send({
      firstname: 'Grace',
      lastname: 'Hopper',
      email,
      password: GOOD_PASSWORD,
      company: 'Navy',
    });
    expect(res.status).toBe(201);
    return tokenFromMail(email, 'activation');
  }

  it('enables the account, answers the me body and signs the user in; the code is single use', async () => {
    const token = await register('grace@example.com');
    expect((await login('grace@example.com')).res.body['hydra:description']).toBe(
      'account_not_enabled',
    );
    const res = await request(t.url)
      .post('/security/activate')
      .set('Content-Type', 'application/ld+json')
      .send(JSON.stringify({ token }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      '@type': 'User',
      email: 'grace@example.com',
      firstname: 'Grace',
      role: 'ROLE_USER',
    });
    const cookies = setCookies(res);
    const me = await request(t.url).get('/api/me').set('Cookie', accessCookie(cookies));
    expect(me.body.email).toBe('grace@example.com');
    expect((await login('grace@example.com')).res.status).toBe(204);
    // The link used again: the account is active, the page says so and leads to Login.
    const again = await request(t.url).post('/security/activate').send({ token });
    expect(again.status).toBe(409);
    expect(again.body['hydra:description']).toBe('account_already_active');
    const unknown = await request(t.url)
      .post('/security/activate')
      .send({ token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body['hydra:description']).toBe('error_token_renew');
  });

  it('answers 400 error_token_renew for an expired code and 422 without a token', async () => {
    const token = await register('late@example.com');
    await t.db.update(validationCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await request(t.url).post('/security/activate').send({ token });
    expect(expired.status).toBe(400);
    expect(expired.body['hydra:description']).toBe('error_token_renew');
    const missing = await request(t.url).post('/security/activate').send({});
    expect(missing.status).toBe(422);
    expect(missing.body.violations[0]).toMatchObject({ propertyPath: 'token', code: 'required' });
  });
});
