/**
 * Credentials end with the password (docs/security.md, "Sessions and tokens"): a password change
 * or reset, a disable and a delete end the personal API token, every session (access cookies
 * included) and every open socket of the user on every server node; logout ends its browser's
 * access cookie and sockets at once; mailed links die when a newer one is mailed, when the
 * password changes, or (activation) when an administrator disables the account; answers that
 * carry a secret are never stored by a cache.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import { mails, users } from '@aircloud/core/db/schema';
import { deriveKey } from '@aircloud/core/lib/crypto';
import {
  GOOD_PASSWORD,
  createUser,
  setCookies,
  startTestApp,
  type TestApp,
} from '../../test/app.ts';
import type { UserRow } from '@aircloud/core/users/repository';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Two server nodes on one database and one Redis prefix: `a` takes the calls, `b` the sockets. */
let a: TestApp;
let b: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  const env = { FORGOT_PASSWORD_RATE_LIMIT: '100', LOGIN_RATE_LIMIT: '100' };
  a = await startTestApp(env);
  b = await startTestApp({ ...env, REDIS_PREFIX: a.config.redisPrefix }, { database: a });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await b?.stop();
  await a?.stop();
});

interface Session {
  access: string;
  refresh: string;
}

async function signIn(email: string, password = GOOD_PASSWORD): Promise<Session> {
  const res = await request(a.url).post('/security/token/request').send({ email, password });
  expect(res.status).toBe(204);
  const cookies = setCookies(res);
  return {
    access: `access_token=${cookies.access_token!.value}`,
    refresh: `refresh_token=${cookies.refresh_token!.value}`,
  };
}

async function apiToken(s: Session): Promise<string> {
  const res = await request(a.url).post('/api/me/generate-api-token').set('Cookie', s.access);
  expect(res.status).toBe(200);
  return res.body.api_token as string;
}

/** The status GET /api/me answers to a cookie or a Bearer token. */
async function meStatus(credential: { cookie: string } | { token: string }): Promise<number> {
  const call = request(a.url).get('/api/me');
  const res = await ('cookie' in credential
    ? call.set('Cookie', credential.cookie)
    : call.set('Authorization', `Bearer ${credential.token}`));
  return res.status;
}

/** The token of the last mail of a template sent to `to`, read from its link. */
async function tokenFromMail(to: string, template: string): Promise<string> {
  const rows = await a.db.select().from(mails).where(eq(mails.to, to)).orderBy(mails.id);
  const mail = rows.filter((m) => m.template === template).at(-1);
  const link = (mail?.data as { link?: string } | undefined)?.link ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

async function resetLink(email: string): Promise<string> {
  const res = await request(a.url).post('/security/forgot-password').send({ email });
  expect(res.status).toBe(204);
  return tokenFromMail(email, 'password_reset');
}

function resetWith(token: string, password: string) {
  return request(a.url)
    .post('/security/reset-password')
    .send({ token, new_password1: password, new_password2: password });
}

/** A socket on node `b` with what happens to it, in order (`session:revoked`, `disconnect`). */
interface WatchedSocket {
  socket: ClientSocket;
  events: string[];
  disconnected: Promise<string>;
}

function openSocket(options: { cookie?: string; token?: string }): Promise<WatchedSocket> {
  const socket: ClientSocket = connect(b.url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: options.cookie ? { Cookie: options.cookie } : {},
    auth: options.token ? { token: options.token } : {},
  });
  sockets.push(socket);
  const events: string[] = [];
  socket.on('session:revoked', () => events.push('session:revoked'));
  const disconnected = new Promise<string>((resolve) =>
    socket.on('disconnect', () => {
      events.push('disconnect');
      resolve('disconnect');
    }),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, events, disconnected }));
    socket.once('connect_error', reject);
  });
}

async function apiTokenColumns(id: string) {
  const [row] = await a.db
    .select({
      hash: users.apiTokenHash,
      hint: users.apiTokenHint,
      validity: users.apiTokenValidity,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

const NO_API_TOKEN = { hash: null, hint: null, validity: null };

describe('POST /api/me/edit-password ends every other credential', () => {
  it('API token, other sessions, both old access cookies, reset links and every socket end; the caller gets a fresh session', async () => {
    const user = await createUser(a.db);
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const token = await apiToken(mine);
    const link = await resetLink(user.email);
    const mySocket = await openSocket({ cookie: mine.access });
    const otherSocket = await openSocket({ cookie: other.access });
    const tokenSocket = await openSocket({ token });

    const res = await request(a.url).post('/api/me/edit-password').set('Cookie', mine.access).send({
      current_password: GOOD_PASSWORD,
      new_password1: 'Changed123',
      new_password2: 'Changed123',
    });
    expect(res.status).toBe(204);

    await Promise.all([mySocket.disconnected, otherSocket.disconnected, tokenSocket.disconnected]);
    // The other browser is told to sign out before its socket ends; this browser is not.
    expect(otherSocket.events).toEqual(['session:revoked', 'disconnect']);
    expect(mySocket.events).toEqual(['disconnect']);

    expect(await apiTokenColumns(user.id)).toEqual(NO_API_TOKEN);
    expect(await meStatus({ token })).toBe(401);
    expect(await meStatus({ cookie: mine.access })).toBe(401);
    expect(await meStatus({ cookie: other.access })).toBe(401);
    for (const old of [mine, other]) {
      expect(
        (await request(a.url).post('/security/token/refresh').set('Cookie', old.refresh)).status,
      ).toBe(401);
    }
    const reset = await resetWith(link, 'Another123');
    expect(reset.status).toBe(400);
    expect(reset.body['hydra:description']).toBe('error_token_renew');

    // The caller's fresh session works, for the API and for a new socket.
    const fresh = `access_token=${setCookies(res).access_token!.value}`;
    expect(await meStatus({ cookie: fresh })).toBe(200);
    expect((await openSocket({ cookie: fresh })).socket.connected).toBe(true);
  });

  it('called with the API token: the token ends with the rest, no session is issued', async () => {
    const user = await createUser(a.db);
    const token = await apiToken(await signIn(user.email));
    const res = await request(a.url)
      .post('/api/me/edit-password')
      .set('Authorization', `Bearer ${token}`)
      .send({
        current_password: GOOD_PASSWORD,
        new_password1: 'Changed123',
        new_password2: 'Changed123',
      });
    expect(res.status).toBe(204);
    expect(setCookies(res).access_token).toBeUndefined();
    expect(await meStatus({ token })).toBe(401);
  });
});

describe('POST /security/reset-password ends every credential', () => {
  it('API token, sessions, access cookies and sockets on every node', async () => {
    const user = await createUser(a.db);
    const session = await signIn(user.email);
    const token = await apiToken(session);
    const socket = await openSocket({ cookie: session.access });

    expect((await resetWith(await resetLink(user.email), 'NewSecret9')).status).toBe(204);

    await socket.disconnected;
    expect(socket.events).toEqual(['session:revoked', 'disconnect']);
    expect(await apiTokenColumns(user.id)).toEqual(NO_API_TOKEN);
    expect(await meStatus({ token })).toBe(401);
    expect(await meStatus({ cookie: session.access })).toBe(401);
  });

  it('an older reset link dies when a newer one is mailed', async () => {
    const user = await createUser(a.db);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect(newer).not.toBe(older);
    const refused = await resetWith(older, 'NewSecret9');
    expect(refused.status).toBe(400);
    expect(refused.body['hydra:description']).toBe('error_token_renew');
    expect((await resetWith(newer, 'NewSecret9')).status).toBe(204);
  });
});

describe('an administrator disables or deletes an account', () => {
  async function admin(): Promise<Session> {
    return signIn((await createUser(a.db, { role: 'ROLE_ADMIN' })).email);
  }

  function setEnabled(by: Session, id: string, enabled: boolean) {
    return request(a.url).put(`/api/users/${id}`).set('Cookie', by.access).send({ enabled });
  }

  it('disabling ends the API token for good (re-enabling does not bring it back) and every socket', async () => {
    const boss = await admin();
    const user = await createUser(a.db);
    const session = await signIn(user.email);
    const token = await apiToken(session);
    const socket = await openSocket({ cookie: session.access });
    const tokenSocket = await openSocket({ token });

    expect((await setEnabled(boss, user.id, false)).status).toBe(200);
    await Promise.all([socket.disconnected, tokenSocket.disconnected]);
    expect(socket.events).toEqual(['session:revoked', 'disconnect']);
    expect(await apiTokenColumns(user.id)).toEqual(NO_API_TOKEN);

    expect((await setEnabled(boss, user.id, true)).status).toBe(200);
    expect(await meStatus({ token })).toBe(401);
    expect(await meStatus({ cookie: session.access })).toBe(401);
  });

  it('an unused activation link cannot re-enable an account an administrator disabled', async () => {
    const boss = await admin();
    const email = `link-${ulid().toLowerCase()}@example.com`;
    const created = await request(a.url).post('/api/users').set('Cookie', boss.access).send({
      firstname: 'Grace',
      lastname: 'Hopper',
      email,
      lang: 'en',
      role: 'ROLE_USER',
    });
    expect(created.status).toBe(201);
    const id = created.body.ulid as string;
    const link = await tokenFromMail(email, 'activation');
    expect((await setEnabled(boss, id, true)).status).toBe(200);
    expect((await setEnabled(boss, id, false)).status).toBe(200);

    const res = await request(a.url).post('/security/activate').send({ token: link });
    expect(res.status).toBe(400);
    expect(res.body['hydra:description']).toBe('error_token_renew');
    expect(setCookies(res).access_token).toBeUndefined();
    const [row] = await a.db.select().from(users).where(eq(users.id, id));
    expect(row!.enabled).toBe(false);
  });

  it('deleting ends every socket of the user on every node', async () => {
    const boss = await admin();
    const user = await createUser(a.db);
    const session = await signIn(user.email);
    const socket = await openSocket({ cookie: session.access });
    const res = await request(a.url).delete(`/api/users/${user.id}`).set('Cookie', boss.access);
    expect(res.status).toBe(204);
    await socket.disconnected;
    expect(socket.events).toEqual(['session:revoked', 'disconnect']);
  });
});

describe('an access cookie lives only as long as its session', () => {
  it('logout refuses the access cookie at once and ends that browser sockets only', async () => {
    const user = await createUser(a.db);
    const leaving = await signIn(user.email);
    const staying = await signIn(user.email);
    const leavingSocket = await openSocket({ cookie: leaving.access });
    const stayingSocket = await openSocket({ cookie: staying.access });

    const res = await request(a.url)
      .get('/security/logout')
      .set('Cookie', `${leaving.access}; ${leaving.refresh}`);
    expect(res.status).toBe(204);

    await leavingSocket.disconnected;
    expect(await meStatus({ cookie: leaving.access })).toBe(401);
    await expect(openSocket({ cookie: leaving.access })).rejects.toThrow('unauthorized');
    expect(await meStatus({ cookie: staying.access })).toBe(200);
    const at = await stayingSocket.socket.timeout(2000).emitWithAck('ping');
    expect(typeof at).toBe('string');
    expect(stayingSocket.events).toEqual([]);
  });

  it('a new API token ends the sockets opened with the one it replaces, not the browser ones', async () => {
    const user = await createUser(a.db);
    const session = await signIn(user.email);
    const token = await apiToken(session);
    const tokenSocket = await openSocket({ token });
    const browserSocket = await openSocket({ cookie: session.access });
    await apiToken(session);
    await tokenSocket.disconnected;
    await expect(openSocket({ token })).rejects.toThrow('unauthorized');
    const at = await browserSocket.socket.timeout(2000).emitWithAck('ping');
    expect(typeof at).toBe('string');
  });

  it('refuses an access token without a session family (signed before the change)', async () => {
    const user: UserRow = await createUser(a.db);
    const key = new Uint8Array(deriveKey(a.config.appSecret, 'access-token'));
    const legacy = await new SignJWT({ role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('aircloud')
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(key);
    expect(await meStatus({ cookie: `access_token=${legacy}` })).toBe(401);
    await expect(openSocket({ cookie: `access_token=${legacy}` })).rejects.toThrow('unauthorized');
  });
});

describe('Cache-Control: no-store on answers carrying a secret', () => {
  it('GET /api/me, POST /api/me/generate-api-token and POST /security/activate', async () => {
    const user = await createUser(a.db);
    const session = await signIn(user.email);
    const me = await request(a.url).get('/api/me').set('Cookie', session.access);
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const generated = await request(a.url)
      .post('/api/me/generate-api-token')
      .set('Cookie', session.access);
    expect(generated.status).toBe(200);
    expect(generated.headers['cache-control']).toBe('no-store');

    const boss = await signIn((await createUser(a.db, { role: 'ROLE_ADMIN' })).email);
    const email = `nostore-${ulid().toLowerCase()}@example.com`;
    await request(a.url)
      .post('/api/users')
      .set('Cookie', boss.access)
      .send({ firstname: 'Ada', lastname: 'King', email, lang: 'en', role: 'ROLE_USER' })
      .expect(201);
    const activated = await request(a.url)
      .post('/security/activate')
      .send({ token: await tokenFromMail(email, 'activation') });
    expect(activated.status).toBe(200);
    expect(activated.headers['cache-control']).toBe('no-store');
  });

  it('POST /api/sensors (the device secret)', async () => {
    const tech = await signIn((await createUser(a.db, { role: 'ROLE_TECHNICIAN' })).email);
    const owner = await createUser(a.db);
    const res = await request(a.url)
      .post('/api/sensors')
      .set('Cookie', tech.access)
      .send({ serial_number: `NOSTORE-${Date.now()}`, owner_email: owner.email });
    expect(res.status).toBe(201);
    expect(res.body.device_secret).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
