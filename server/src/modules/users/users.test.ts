import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import type { Me, User } from '@aircloud/shared/users';
import { mails, pushSubscriptions, users } from '@aircloud/core/db/schema';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.stop();
});

interface Session {
  user: Awaited<ReturnType<typeof createUser>>;
  access: string;
  refresh: string;
}

async function signIn(role = 'ROLE_USER', values: { lang?: string } = {}): Promise<Session> {
  const user = await createUser(t.db, { role, ...values });
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email: user.email, password: GOOD_PASSWORD });
  expect(res.status).toBe(204);
  const cookies = setCookies(res);
  return {
    user,
    access: `access_token=${cookies.access_token!.value}`,
    refresh: `refresh_token=${cookies.refresh_token!.value}`,
  };
}

async function apiToken(s: Session): Promise<string> {
  const res = await request(t.url).post('/api/me/generate-api-token').set('Cookie', s.access);
  return res.body.api_token as string;
}

function openSocket(cookie: string): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const newUser = (overrides: object = {}) => ({
  firstname: 'Grace',
  lastname: 'Hopper',
  email: `grace-${ulid().toLowerCase()}@example.com`,
  lang: 'en',
  role: 'ROLE_TECHNICIAN',
  company: 'Navy',
  ...overrides,
});

describe('GET /api/users', () => {
  let admin: Session;
  const tag = `zq${ulid().slice(-6).toLowerCase()}`;

  beforeAll(async () => {
    admin = await signIn('ROLE_ADMIN');
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: ulid(),
      email: `member${String(i).padStart(2, '0')}.${tag}@example.com`,
      passwordHash: 'unused',
      firstname: i % 3 === 0 ? 'Marie' : 'Pierre',
      lastname: `${tag}${String(i).padStart(2, '0')}`,
      company: i < 5 ? `Acme ${tag.toUpperCase()}` : 'Other',
      role: i % 5 === 0 ? 'ROLE_TECHNICIAN' : 'ROLE_USER',
      enabled: true,
    }));
    await t.db.insert(users).values(rows);
  });

  it('answers 401 anonymous, 403 to users and technicians', async () => {
    expect((await request(t.url).get('/api/users')).status).toBe(401);
    for (const role of ['ROLE_USER', 'ROLE_TECHNICIAN']) {
      const s = await signIn(role);
      const res = await request(t.url).get('/api/users').set('Cookie', s.access);
      expect(res.status, role).toBe(403);
      expect(res.body['hydra:description']).toBe('forbidden');
    }
  });

  it('pages a search 20 by 20 with hydra totals and view links', async () => {
    const page1 = await request(t.url)
      .get('/api/users')
      .query({ search: tag })
      .set('Cookie', admin.access);
    expect(page1.status).toBe(200);
    expect(page1.body['@type']).toBe('hydra:Collection');
    expect(page1.body['hydra:totalItems']).toBe(45);
    expect(page1.body['hydra:member']).toHaveLength(20);
    expect(page1.body['hydra:member'][0].lastname).toBe(`${tag}00`);
    expect(page1.body['hydra:view']).toEqual({
      '@id': `/api/users?search=${tag}&page=1`,
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': `/api/users?search=${tag}&page=1`,
      'hydra:last': `/api/users?search=${tag}&page=3`,
      'hydra:next': `/api/users?search=${tag}&page=2`,
    });
    const page3 = await request(t.url)
      .get('/api/users')
      .query({ search: tag, page: 3 })
      .set('Cookie', admin.access);
    expect(page3.body['hydra:member']).toHaveLength(5);
    expect(page3.body['hydra:view']['hydra:previous']).toBe(`/api/users?search=${tag}&page=2`);
    expect(page3.body['hydra:view']['hydra:next']).toBeUndefined();
    const member = page3.body['hydra:member'][0] as User;
    expect(Object.keys(member).sort()).toEqual(
      [
        '@id',
        '@type',
        'ulid',
        'firstname',
        'lastname',
        'email',
        'lang',
        'theme',
        'avatar',
        'role',
        'company',
        'phone',
        'enabled',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('searches first name, last name, e-mail and company case-insensitively, filters by role', async () => {
    const count = async (query: Record<string, string>) => {
      const res = await request(t.url).get('/api/users').query(query).set('Cookie', admin.access);
      expect(res.status).toBe(200);
      return res.body['hydra:totalItems'] as number;
    };
    expect(await count({ search: `ACME ${tag}` })).toBe(5); // company
    expect(await count({ search: `MEMBER07.${tag}` })).toBe(1); // e-mail
    expect(await count({ search: `${tag.toUpperCase()}4` })).toBe(5); // last name 40..44
    expect(await count({ search: `marie ${tag}` })).toBe(15); // full name
    expect(await count({ search: tag, role: 'ROLE_TECHNICIAN' })).toBe(9);
    expect(await count({ search: '%' })).toBe(0); // LIKE characters are literal
  });

  it('answers the full list with pagination=false', async () => {
    const res = await request(t.url)
      .get('/api/users')
      .query({ search: tag, pagination: 'false' })
      .set('Cookie', admin.access);
    expect(res.body['hydra:member']).toHaveLength(45);
    expect(res.body['hydra:totalItems']).toBe(45);
    expect(res.body['hydra:view']).toBeUndefined();
  });

  it('answers 422 for a bad page or role', async () => {
    for (const query of [{ page: '0' }, { page: 'x' }, { role: 'ROLE_KING' }]) {
      const res = await request(t.url).get('/api/users').query(query).set('Cookie', admin.access);
      expect(res.status).toBe(422);
      expect(res.body['hydra:description']).toBe('validation_failed');
    }
  });

  it('works the same with a Bearer API token', async () => {
    const token = await apiToken(admin);
    const res = await request(t.url)
      .get('/api/users')
      .query({ search: tag })
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body['hydra:totalItems']).toBe(45);
  });
});

describe('POST /api/users', () => {
  it('creates an enabled account when passwords are given', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const body = newUser({
      new_password1: 'Welcome123',
      new_password2: 'Welcome123',
      phone: '+33 6 12 34 56 78',
    });
    const res = await request(t.url).post('/api/users').set('Cookie', admin.access).send(body);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/users/${res.body.ulid}`);
    expect(res.body).toMatchObject({
      '@type': 'User',
      email: body.email,
      role: 'ROLE_TECHNICIAN',
      lang: 'en',
      enabled: true,
      avatar: null,
      phone: '+33 6 12 34 56 78',
    });
    const login = await request(t.url)
      .post('/security/token/request')
      .send({ email: body.email, password: 'Welcome123' });
    expect(login.status).toBe(204);
  });

  it('creates a disabled account and records the activation mail without passwords', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const body = newUser({ email: `NEW-${ulid()}@Example.com`, lang: 'fr' });
    const res = await request(t.url)
      .post('/api/users')
      .set('Authorization', `Bearer ${await apiToken(admin)}`)
      .send(body);
    expect(res.status).toBe(201);
    expect(res.body.enabled).toBe(false);
    expect(res.body.email).toBe(body.email.toLowerCase());
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, body.email.toLowerCase()));
    expect(mail).toMatchObject({ template: 'activation', lang: 'fr' });
    expect((mail!.data as { link: string }).link).toMatch(/\/easy-connect\?token=/);
  });

  it('answers 409 email_address_already_exists for a taken e-mail', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const res = await request(t.url)
      .post('/api/users')
      .set('Cookie', admin.access)
      .send(newUser({ email: admin.user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body['hydra:description']).toBe('email_address_already_exists');
  });

  it('answers 422 with catalogue keys for bad input', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const post = (body: object) =>
      request(t.url)
        .post('/api/users')
        .set('Cookie', admin.access)
        .set('Accept-Language', 'fr')
        .send(body);
    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(empty.body['hydra:description']).toBe('validation_failed');
    const codes = Object.fromEntries(
      (empty.body.violations as { propertyPath: string; code: string; message: string }[]).map(
        (v) => [v.propertyPath, [v.code, v.message]],
      ),
    );
    expect(codes).toMatchObject({
      lastname: ['form.lastname.required', 'Le nom est obligatoire'],
      firstname: ['form.firstname.required', 'Le prénom est obligatoire'],
      email: ['form.email.required', "L'email est obligatoire"],
      role: ['required', expect.any(String)],
    });
    const bad = await post(newUser({ email: 'not-an-email', phone: '12ab', role: 'ROLE_KING' }));
    const badCodes = Object.fromEntries(
      (bad.body.violations as { propertyPath: string; code: string; message: string }[]).map(
        (v) => [v.propertyPath, [v.code, v.message]],
      ),
    );
    expect(badCodes.email).toEqual(['form.email.email', "L'email est incorrect"]);
    expect(badCodes.phone?.[0]).toBe('phone');
    expect(badCodes.role?.[0]).toBe('required');

    const weak = await post(newUser({ new_password1: 'short', new_password2: 'short' }));
    expect(weak.status).toBe(422);
    expect(weak.body['hydra:description']).toBe('password_must_be');
    const mismatch = await post(
      newUser({ new_password1: 'Welcome123', new_password2: 'Welcome124' }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body['hydra:description']).toBe('new_password_invalid');
    expect(mismatch.body.violations[0].propertyPath).toBe('new_password2');
    const unknown = await post(newUser({ is_admin: true }));
    expect(unknown.body.violations[0]).toMatchObject({
      propertyPath: 'is_admin',
      code: 'unknown_field',
    });
  });

  it('answers 401 anonymous and 403 to users and technicians', async () => {
    expect((await request(t.url).post('/api/users').send(newUser())).status).toBe(401);
    for (const role of ['ROLE_USER', 'ROLE_TECHNICIAN']) {
      const s = await signIn(role);
      const res = await request(t.url).post('/api/users').set('Cookie', s.access).send(newUser());
      expect(res.status, role).toBe(403);
    }
  });
});

describe('GET /api/users/{ulid}', () => {
  it('answers any user to an admin (cookie or Bearer), 404 for an unknown one', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const other = await createUser(t.db, { lang: 'de' });
    const res = await request(t.url).get(`/api/users/${other.id}`).set('Cookie', admin.access);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ '@id': `/api/users/${other.id}`, ulid: other.id, lang: 'de' });
    const bearer = await request(t.url)
      .get(`/api/users/${other.id}`)
      .set('Authorization', `Bearer ${await apiToken(admin)}`);
    expect(bearer.body).toEqual(res.body);
    expect(
      (await request(t.url).get(`/api/users/${ulid()}`).set('Cookie', admin.access)).status,
    ).toBe(404);
    expect(
      (await request(t.url).get('/api/users/not-a-ulid').set('Cookie', admin.access)).status,
    ).toBe(404);
  });

  it('lets users and technicians read only their own record', async () => {
    expect((await request(t.url).get(`/api/users/${ulid()}`)).status).toBe(401);
    const other = await createUser(t.db);
    for (const role of ['ROLE_USER', 'ROLE_TECHNICIAN']) {
      const s = await signIn(role);
      expect(
        (await request(t.url).get(`/api/users/${s.user.id}`).set('Cookie', s.access)).status,
      ).toBe(200);
      const res = await request(t.url).get(`/api/users/${other.id}`).set('Cookie', s.access);
      expect(res.status, role).toBe(403);
    }
  });
});

describe('PUT /api/users/{ulid}', () => {
  it('lets an admin change any field; the user gets me:updated; disabling ends their sessions', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const target = await signIn('ROLE_USER');
    const token = await apiToken(target);
    const socket = await openSocket(target.access);
    const updated = new Promise<Me>((resolve) => socket.once('me:updated', resolve));
    const res = await request(t.url)
      .put(`/api/users/${target.user.id}`)
      .set('Cookie', admin.access)
      .send({
        '@id': `/api/users/${target.user.id}`,
        ulid: target.user.id,
        firstname: 'Katherine',
        lastname: 'Johnson',
        email: `KJ-${ulid()}@example.com`,
        role: 'ROLE_TECHNICIAN',
        company: 'NASA',
        phone: '0612345678',
        lang: 'en',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstname: 'Katherine',
      role: 'ROLE_TECHNICIAN',
      company: 'NASA',
      enabled: true,
    });
    expect((await updated).firstname).toBe('Katherine');

    // A browser of theirs receives push notifications until the account is disabled.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://push.example.com/send/${ulid()}`;
    const subscribed = await request(t.url)
      .post('/api/me/push_subscriptions')
      .set('Cookie', target.access)
      .send({
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      });
    expect(subscribed.status).toBe(201);

    const revoked = new Promise<void>((resolve) => socket.once('session:revoked', () => resolve()));
    const disable = await request(t.url)
      .put(`/api/users/${target.user.id}`)
      .set('Authorization', `Bearer ${await apiToken(admin)}`)
      .send({ enabled: false });
    expect(disable.status).toBe(200);
    expect(disable.body.enabled).toBe(false);
    await revoked;
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
    expect(
      (await request(t.url).post('/security/token/refresh').set('Cookie', target.refresh)).status,
    ).toBe(401);
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
    expect((await request(t.url).get('/api/me').set('Cookie', target.access)).status).toBe(401);
  });

  it('lets a user edit their own profile but not their role, e-mail or enabled flag', async () => {
    const s = await signIn('ROLE_USER');
    const put = (body: object) =>
      request(t.url).put(`/api/users/${s.user.id}`).set('Cookie', s.access).send(body);
    const ok = await put({
      firstname: 'Ada',
      lastname: 'Byron',
      phone: '+44 20 7946 0958',
      company: 'Babbage & co',
      lang: 'en',
      role: 'ROLE_USER',
      email: s.user.email,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ lastname: 'Byron', phone: '+44 20 7946 0958', lang: 'en' });
    for (const body of [
      { role: 'ROLE_ADMIN' },
      { email: 'other@example.com' },
      { enabled: false },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body['hydra:description']).toBe('forbidden');
    }
    const other = await createUser(t.db);
    expect(
      (
        await request(t.url)
          .put(`/api/users/${other.id}`)
          .set('Cookie', s.access)
          .send({ firstname: 'X' })
      ).status,
    ).toBe(403);
    const me = await request(t.url).get('/api/me').set('Cookie', s.access);
    expect(me.body).toMatchObject({ role: 'ROLE_USER', email: s.user.email, lastname: 'Byron' });
  });

  it('stores the theme chosen in the user menu beside the language; GET /api/me answers it', async () => {
    const s = await signIn('ROLE_USER');
    const put = (body: object, lang = 'en') =>
      request(t.url)
        .put(`/api/users/${s.user.id}`)
        .set('Cookie', s.access)
        .set('Accept-Language', lang)
        .send(body);
    const me = () => request(t.url).get('/api/me').set('Cookie', s.access).expect(200);
    expect((await me()).body.theme).toBe('system');
    const dark = await put({ theme: 'dark' });
    expect(dark.status).toBe(200);
    expect(dark.body).toMatchObject({ theme: 'dark', lang: s.user.lang });
    expect((await me()).body.theme).toBe('dark');
    // Saving the language alone keeps the theme, and the other way round.
    expect((await put({ lang: 'de' })).body).toMatchObject({ lang: 'de', theme: 'dark' });
    expect((await put({ theme: 'light' })).body).toMatchObject({ lang: 'de', theme: 'light' });

    for (const theme of ['sepia', '', 1, null]) {
      const bad = await put({ theme }, 'fr');
      expect(bad.status, String(theme)).toBe(422);
      expect(bad.body.violations).toEqual([
        {
          propertyPath: 'theme',
          code: 'invalid_choice',
          message: 'La valeur ne fait pas partie des choix possibles',
        },
      ]);
    }
    expect((await me()).body.theme).toBe('light');
  });

  it('answers 422 for bad fields and 409 for a taken e-mail', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const target = await createUser(t.db);
    const put = (body: object) =>
      request(t.url).put(`/api/users/${target.id}`).set('Cookie', admin.access).send(body);
    const bad = await put({
      lastname: ' ',
      phone: 'call me',
      avatar: 'http://evil/x.png',
      enabled: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(
      bad.body.violations
        .map((v: { propertyPath: string; code: string }) => `${v.propertyPath}:${v.code}`)
        .sort(),
    ).toEqual([
      'avatar:invalid',
      'enabled:invalid',
      'lastname:form.lastname.required',
      'phone:phone',
    ]);
    const missingMedia = await put({ avatar: `/api/media_objects/${ulid()}` });
    expect(missingMedia.status).toBe(422);
    const taken = await put({ email: admin.user.email });
    expect(taken.status).toBe(409);
    expect(taken.body['hydra:description']).toBe('email_address_already_exists');
  });
});

describe('the last admin', () => {
  it('cannot be demoted, disabled or deleted (409 last_admin); with a second admin it can', async () => {
    // Every admin of this database but one is demoted, so the rule is exercised for real.
    const admin = await signIn('ROLE_ADMIN');
    await t.db.update(users).set({ role: 'ROLE_USER' }).where(eq(users.role, 'ROLE_ADMIN'));
    await t.db.update(users).set({ role: 'ROLE_ADMIN' }).where(eq(users.id, admin.user.id));
    const self = (method: 'put' | 'delete', body?: object) =>
      request(t.url)[method](`/api/users/${admin.user.id}`).set('Cookie', admin.access).send(body);
    for (const res of [
      await self('put', { role: 'ROLE_USER' }),
      await self('put', { enabled: false }),
      await self('delete'),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body['hydra:description']).toBe('last_admin');
    }
    // A second admin: demoting oneself and deleting oneself are still refused (403).
    const second = await signIn('ROLE_ADMIN');
    expect((await self('put', { role: 'ROLE_USER' })).status).toBe(403);
    expect((await self('delete')).status).toBe(403);
    // Two admins demoting each other at once: one wins, one admin remains.
    const [a, b] = await Promise.all([
      request(t.url)
        .put(`/api/users/${second.user.id}`)
        .set('Cookie', admin.access)
        .send({ role: 'ROLE_USER' }),
      request(t.url)
        .put(`/api/users/${admin.user.id}`)
        .set('Cookie', second.access)
        .send({ role: 'ROLE_USER' }),
    ]);
    // The loser is refused: 409 when both passed authentication before either committed,
    // 403 when its actor was already demoted.
    const [won, lost] = [a.status, b.status].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await t.db.select().from(users).where(eq(users.role, 'ROLE_ADMIN'));
    expect(admins).toHaveLength(1);
  });
});

describe('DELETE /api/users/{ulid}', () => {
  it('deletes the account and ends its sessions at once (refresh and API token refused)', async () => {
    const admin = await signIn('ROLE_ADMIN');
    const target = await signIn('ROLE_USER');
    const token = await apiToken(target);
    const socket = await openSocket(target.access);
    const revoked = new Promise<void>((resolve) => socket.once('session:revoked', () => resolve()));
    const res = await request(t.url)
      .delete(`/api/users/${target.user.id}`)
      .set('Cookie', admin.access);
    expect(res.status).toBe(204);
    await revoked;
    expect(
      (await request(t.url).post('/security/token/refresh').set('Cookie', target.refresh)).status,
    ).toBe(401);
    expect(
      (await request(t.url).get('/api/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
    expect(
      (await request(t.url).get(`/api/users/${target.user.id}`).set('Cookie', admin.access)).status,
    ).toBe(404);
    expect(
      (await request(t.url).delete(`/api/users/${target.user.id}`).set('Cookie', admin.access))
        .status,
    ).toBe(404);
  });

  it('answers 401 anonymous, 403 to users and technicians, and works with a Bearer token', async () => {
    const target = await createUser(t.db);
    expect((await request(t.url).delete(`/api/users/${target.id}`)).status).toBe(401);
    for (const role of ['ROLE_USER', 'ROLE_TECHNICIAN']) {
      const s = await signIn(role);
      expect(
        (await request(t.url).delete(`/api/users/${target.id}`).set('Cookie', s.access)).status,
        role,
      ).toBe(403);
      expect(
        (await request(t.url).delete(`/api/users/${s.user.id}`).set('Cookie', s.access)).status,
        role,
      ).toBe(403);
    }
    const admin = await signIn('ROLE_ADMIN');
    const res = await request(t.url)
      .delete(`/api/users/${target.id}`)
      .set('Authorization', `Bearer ${await apiToken(admin)}`);
    expect(res.status).toBe(204);
  });
});
