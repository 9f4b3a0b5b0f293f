import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@aircloud/core/db/schema';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';

let t: TestApp;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([signIn(t), signIn(t)]);
});
afterAll(async () => {
  await t?.stop();
});

/** What `PushSubscription.toJSON()` gives in a browser: a fresh P-256 key and auth secret. */
function browserSubscription(
  endpoint = `https://push.example.com/send/${randomBytes(12).toString('hex')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

const as = (session: Session | null, req: request.Test) =>
  session ? req.set('Cookie', session.cookie) : req;
const subscribe = (session: Session | null, body: unknown) =>
  as(session, request(t.url).post('/api/me/push_subscriptions')).send(body as object);
const unsubscribe = (session: Session | null, body: unknown) =>
  as(session, request(t.url).delete('/api/me/push_subscriptions')).send(body as object);
const stored = (endpoint: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('GET /api/me/push_public_key', () => {
  it('answers the VAPID public key browsers subscribe with; 401 without a session', async () => {
    expect((await request(t.url).get('/api/me/push_public_key')).status).toBe(401);
    const res = await as(owner, request(t.url).get('/api/me/push_public_key'));
    expect(res.status).toBe(200);
    // An uncompressed P-256 point, base64url: 65 bytes starting with 0x04.
    const key = Buffer.from(res.body.public_key as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe('POST /api/me/push_subscriptions', () => {
  it('answers 401 without a session', async () => {
    expect((await subscribe(null, browserSubscription())).status).toBe(401);
  });

  it('subscribes a browser once per endpoint (201, then 200 renewing its keys)', async () => {
    const body = browserSubscription();
    const res = await subscribe(owner, body).set('User-Agent', 'Mozilla/5.0 Firefox/140.0');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      endpoint: body.endpoint,
      user_agent: 'Mozilla/5.0 Firefox/140.0',
      last_success_at: null,
      last_failure_at: null,
    });
    expect(res.body.keys).toBeUndefined();
    const renewed = browserSubscription(body.endpoint);
    const again = await subscribe(owner, renewed);
    expect(again.status).toBe(200);
    const rows = await stored(body.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.user.id, p256dh: renewed.keys.p256dh });
  });

  it('refuses bad input with the catalogue keys', async () => {
    const good = browserSubscription();
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint', 'push_endpoint_invalid'],
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint', 'push_endpoint_invalid'],
      [
        { ...good, endpoint: 'https://user:pw@push.example.com/x' },
        'endpoint',
        'push_endpoint_invalid',
      ],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, 'keys.p256dh', 'push_key_invalid'],
      // 65 bytes, but not an uncompressed point (first byte 0x02).
      [
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 2).toString('base64url') } },
        'keys.p256dh',
        'push_key_invalid',
      ],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(12).toString('base64url') } },
        'keys.auth',
        'push_key_invalid',
      ],
      [{ endpoint: good.endpoint }, 'keys', 'push_key_invalid'],
      [{ ...good, extra: 1 }, 'extra', 'unknown_field'],
    ];
    for (const [body, field, key] of cases) {
      const res = await subscribe(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const violation = (res.body.violations as { propertyPath: string; code: string }[]).find(
        (v) => v.propertyPath === field,
      );
      expect(violation?.code, `${field} of ${JSON.stringify(body)}`).toBe(key);
    }
    expect(await stored(good.endpoint)).toEqual([]);
  });
});

describe('DELETE /api/me/push_subscriptions', () => {
  it('answers 401 without a session', async () => {
    expect((await unsubscribe(null, { endpoint: 'https://push.example.com/x' })).status).toBe(401);
  });

  it("ends the caller's subscription by its endpoint (body or query), never another user's", async () => {
    const mine = browserSubscription();
    const theirs = browserSubscription();
    expect((await subscribe(owner, mine)).status).toBe(201);
    expect((await subscribe(other, theirs)).status).toBe(201);
    // Somebody else's endpoint does not exist for the caller, and stays.
    expect((await unsubscribe(owner, { endpoint: theirs.endpoint })).status).toBe(404);
    expect(await stored(theirs.endpoint)).toHaveLength(1);
    expect((await unsubscribe(owner, { endpoint: mine.endpoint })).status).toBe(204);
    expect(await stored(mine.endpoint)).toEqual([]);
    expect((await unsubscribe(owner, { endpoint: mine.endpoint })).status).toBe(404);
    const viaQuery = await as(
      other,
      request(t.url).delete('/api/me/push_subscriptions').query({ endpoint: theirs.endpoint }),
    );
    expect(viaQuery.status).toBe(204);
    expect(await stored(theirs.endpoint)).toEqual([]);
  });

  it('refuses a missing endpoint (422)', async () => {
    const res = await unsubscribe(owner, {});
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({
      propertyPath: 'endpoint',
      code: 'required',
    });
  });
});
