import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, users, validationCodes } from '@aircloud/core/db/schema';
import {
  GOOD_PASSWORD,
  PUBLIC_URL,
  createUser,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';
import { signIn } from '../../../test/support/purifiers.ts';

let t: TestApp;

beforeAll(async () => {
  // Every registration here comes from one address; the limits have their own tests.
  t = await startTestApp({ REGISTRATION_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await t?.stop();
});

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Grace',
  lastname: 'Hopper',
  email,
  password: GOOD_PASSWORD,
  company: 'Navy',
  ...extra,
});

async function activationToken(email: string): Promise<string> {
  const [mail] = await t.db.select().from(mails).where(eq(mails.to, email));
  return new URL((mail!.data as { link: string }).link).searchParams.get('token')!;
}

/** The activation mails recorded for `email`, oldest first. */
async function activationMails(email: string) {
  const rows = await t.db.select().from(mails).where(eq(mails.to, email)).orderBy(mails.id);
  return rows.map((mail) => ({
    lang: mail.lang,
    template: mail.template,
    data: mail.data as { firstname: string; link: string },
    token: new URL((mail.data as { link: string }).link).searchParams.get('token')!,
  }));
}

describe('POST /api/registration', () => {
  it('creates a disabled account and records the activation mail in the body language', async () => {
    const res = await request(t.url)
      .post('/api/registration')
      .set('Accept-Language', 'fr')
      .send(body('New.User@Example.com', { lang: 'en' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      '@id': `/api/users/${res.body.ulid}`,
      '@type': 'User',
      ulid: expect.any(String),
      email: 'new.user@example.com',
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, res.body.ulid));
    expect(user).toMatchObject({ enabled: false, lang: 'en', company: 'Navy', role: 'ROLE_USER' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const outbox = await t.db.select().from(mails).where(eq(mails.to, 'new.user@example.com'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      template: 'activation',
      lang: 'en',
      status: 'pending',
      data: { firstname: 'Grace' },
    });
    const link = new URL((outbox[0]!.data as { link: string }).link);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/easy-connect`);
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: 'new.user@example.com', password: GOOD_PASSWORD });
    expect(login.body['hydra:description']).toBe('account_not_enabled');
  });

  it('takes the language from Accept-Language when the body has none', async () => {
    await request(t.url)
      .post('/api/registration')
      .set('Accept-Language', 'de-DE,de;q=0.9')
      .send(body('hans@example.com'))
      .expect(201);
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'hans@example.com'));
    expect(mail!.lang).toBe('de');
  });

  it('answers 409 email_address_already_exists for a taken e-mail', async () => {
    const existing = await createUser(t.db);
    const res = await request(t.url)
      .post('/api/registration')
      .send(body(existing.email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body['hydra:description']).toBe('email_address_already_exists');
  });

  it('answers 422 password_must_be when only the password is weak', async () => {
    const res = await request(t.url)
      .post('/api/registration')
      .set('Accept-Language', 'en')
      .send(body('weak@example.com', { password: 'password' }));
    expect(res.status).toBe(422);
    expect(res.body['hydra:description']).toBe('password_must_be');
    expect(res.body.violations).toEqual([
      {
        propertyPath: 'password',
        code: 'password_must_be',
        message: expect.stringMatching(/at least 8 characters/),
      },
    ]);
  });

  it('answers 422 validation_failed with one violation per field', async () => {
    const res = await request(t.url)
      .post('/api/registration')
      .set('Accept-Language', 'en')
      .send({
        firstname: ' ',
        email: 'x',
        password: 'Secret123',
        lastname: 'L'.repeat(101),
        lang: 'xx',
      });
    expect(res.status).toBe(422);
    expect(res.body['hydra:description']).toBe('validation_failed');
    const byPath = Object.fromEntries(
      res.body.violations.map((v: { propertyPath: string; code: string; message: string }) => [
        v.propertyPath,
        [v.code, v.message],
      ]),
    );
    expect(byPath.firstname).toEqual(['required', 'Value is required']);
    expect(byPath.lastname).toEqual(['max_length', 'The maximum length allowed is 100']);
    expect(byPath.email?.[0]).toBe('email');
    expect(byPath.lang?.[0]).toBe('invalid');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await request(t.url)
      .post('/api/registration')
      .set('Content-Type', 'text/plain')
      .send('firstname=Grace');
    expect(res.status).toBe(415);
    expect(res.body['hydra:description']).toBe('unsupported_media_type');
  });
});

describe('GET /api/validation_codes/{code}', () => {
  it('answers the e-mail of the account for a valid unused code', async () => {
    await request(t.url).post('/api/registration').send(body('code@example.com')).expect(201);
    const token = await activationToken('code@example.com');
    const res = await request(t.url).get(`/api/validation_codes/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      '@id': `/api/validation_codes/${token}`,
      '@type': 'ValidationCode',
      email: 'code@example.com',
    });
  });

  it('answers 404 not_found for an unknown, used or expired code', async () => {
    const unknown = await request(t.url).get('/api/validation_codes/unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body['hydra:description']).toBe('not_found');

    await request(t.url).post('/api/registration').send(body('used@example.com')).expect(201);
    const used = await activationToken('used@example.com');
    await request(t.url).post('/security/activate').send({ token: used }).expect(200);
    expect((await request(t.url).get(`/api/validation_codes/${used}`)).status).toBe(404);

    await request(t.url).post('/api/registration').send(body('expired@example.com')).expect(201);
    const expired = await activationToken('expired@example.com');
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'expired@example.com'));
    await t.db
      .update(validationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(validationCodes.userId, owner!.id));
    expect((await request(t.url).get(`/api/validation_codes/${expired}`)).status).toBe(404);
  });
});

describe('POST /api/registration/resend', () => {
  const resend = (email: string) =>
    request(t.url).post('/api/registration/resend').set('Accept-Language', 'fr').send({ email });

  it('mails a new link in the account language; the older links stop working', async () => {
    await request(t.url)
      .post('/api/registration')
      .send(body('resend@example.com', { lang: 'de' }))
      .expect(201);
    const res = await resend('Resend@Example.com');
    expect(res.status).toBe(204);
    const sent = await activationMails('resend@example.com');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      template: 'activation',
      lang: 'de',
      data: { firstname: 'Grace' },
    });
    const link = new URL(sent[1]!.data.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/easy-connect`);
    expect(sent[1]!.token).not.toBe(sent[0]!.token);
    expect((await request(t.url).get(`/api/validation_codes/${sent[0]!.token}`)).status).toBe(404);
    const refused = await request(t.url).post('/security/activate').send({ token: sent[0]!.token });
    expect(refused.status).toBe(400);
    const activated = await request(t.url)
      .post('/security/activate')
      .send({ token: sent[1]!.token });
    expect(activated.status).toBe(200);
  });

  it('answers 204 and mails nothing for an unknown, an active or a once-active account', async () => {
    const active = await createUser(t.db);
    // Registered, activated, then disabled by an administrator: no way back in by mail.
    await request(t.url).post('/api/registration').send(body('was-active@example.com')).expect(201);
    await request(t.url)
      .post('/security/activate')
      .send({ token: await activationToken('was-active@example.com') })
      .expect(200);
    await t.db
      .update(users)
      .set({ enabled: false })
      .where(eq(users.email, 'was-active@example.com'));
    // Created disabled by hand, never given an activation code.
    const noCode = await createUser(t.db, { enabled: false });
    for (const email of [
      'nobody@example.com',
      active.email,
      noCode.email,
      'was-active@example.com',
    ]) {
      const before = (await activationMails(email)).length;
      const res = await resend(email);
      expect(res.status, email).toBe(204);
      expect(await activationMails(email), email).toHaveLength(before);
    }
  });

  it('never mails an account an administrator enabled, then disabled, before its first sign-in', async () => {
    const admin = await signIn(t, 'ROLE_ADMIN');
    await request(t.url)
      .post('/api/registration')
      .send(body('enabled-then@example.com'))
      .expect(201);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'enabled-then@example.com'));
    for (const enabled of [true, false])
      await request(t.url)
        .put(`/api/users/${row!.id}`)
        .set('Cookie', admin.cookie)
        .send({ enabled })
        .expect(200);
    const before = (await activationMails('enabled-then@example.com')).length;
    expect((await resend('enabled-then@example.com')).status).toBe(204);
    expect(await activationMails('enabled-then@example.com')).toHaveLength(before);
  });

  it('answers 422 for a missing or malformed e-mail and an unknown field', async () => {
    const res = await request(t.url)
      .post('/api/registration/resend')
      .set('Accept-Language', 'en')
      .send({ email: 'nope', extra: 1 });
    expect(res.status).toBe(422);
    const paths = res.body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort();
    expect(paths).toEqual(['email', 'extra']);
    expect((await request(t.url).post('/api/registration/resend').send({})).status).toBe(422);
  });
});
