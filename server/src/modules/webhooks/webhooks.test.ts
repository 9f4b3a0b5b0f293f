import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A public address literal: accepted without a DNS lookup. */
const PUBLIC = 'https://93.184.215.14/aircloud';

const create = (session: Session | null, body: unknown) => {
  const req = request(t.url).post('/api/webhooks');
  return (session ? req.set('Cookie', session.cookie) : req).send(body as object);
};
const get = (session: Session | null, path: string) => {
  const req = request(t.url).get(path);
  return session ? req.set('Cookie', session.cookie) : req;
};
const remove = (session: Session | null, id: string) => {
  const req = request(t.url).delete(`/api/webhooks/${id}`);
  return session ? req.set('Cookie', session.cookie) : req;
};

describe('/api/webhooks', () => {
  it('answers 401 without a session', async () => {
    expect((await get(null, '/api/webhooks')).status).toBe(401);
    expect((await create(null, { url: PUBLIC })).status).toBe(401);
    expect((await remove(null, '01J9Z3Q6ZP7V8W2M4K5N6R7S8T')).status).toBe(401);
    expect((await get(null, '/api/webhooks/01J9Z3Q6ZP7V8W2M4K5N6R7S8T/deliveries')).status).toBe(
      401,
    );
  });

  it('registers a webhook, shows its secret once, and keeps it to its user', async () => {
    const me = await signIn(t);
    const res = await create(me, { url: PUBLIC });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(res.body['@id']);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toMatchObject({
      '@type': 'Webhook',
      url: PUBLIC,
      enabled: true,
      consecutive_failures: 0,
      disabled_at: null,
    });
    expect(res.body.secret).toMatch(/^[\w-]{43}$/);
    const id = res.body.id as string;

    const mine = await get(me, '/api/webhooks');
    expect(mine.body['hydra:member']).toHaveLength(1);
    expect(mine.body['hydra:member'][0].secret).toBeUndefined();
    expect((await get(other, '/api/webhooks')).body['hydra:member']).toEqual([]);

    // Its @id dereferences for its user, without the secret.
    const item = await get(me, res.body['@id']);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ '@id': res.body['@id'], url: PUBLIC });
    expect(item.body.secret).toBeUndefined();

    // Somebody else's webhook does not exist for them.
    expect((await get(other, res.body['@id'])).status).toBe(404);
    expect((await get(other, `/api/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await remove(other, id)).status).toBe(404);

    const log = await get(me, `/api/webhooks/${id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ '@type': 'hydra:Collection', 'hydra:totalItems': 0 });

    expect((await remove(me, id)).status).toBe(204);
    expect((await remove(me, id)).status).toBe(404);
    expect((await remove(me, 'not-a-ulid')).status).toBe(404);
  });

  it('keeps a given secret', async () => {
    const res = await create(owner, { url: PUBLIC, secret: 'a-long-enough-shared-secret' });
    expect(res.status).toBe(201);
    expect(res.body.secret).toBe('a-long-enough-shared-secret');
    await remove(owner, res.body.id);
  });

  it('refuses bad, private and unresolvable addresses with catalogue keys', async () => {
    const cases: [string, string][] = [
      ['not a url', 'webhook_url_invalid'],
      ['ftp://93.184.215.14/x', 'webhook_url_invalid'],
      ['https://user:pw@93.184.215.14/x', 'webhook_url_invalid'],
      ['http://127.0.0.1:8080/hook', 'webhook_url_private'],
      ['http://[::1]/hook', 'webhook_url_private'],
      ['http://10.1.2.3/hook', 'webhook_url_private'],
      ['http://192.168.1.10/hook', 'webhook_url_private'],
      ['http://169.254.169.254/latest/meta-data', 'webhook_url_private'],
      ['http://[::ffff:127.0.0.1]/hook', 'webhook_url_private'],
      ['http://[fd00::1]/hook', 'webhook_url_private'],
      ['http://localhost/hook', 'webhook_url_private'],
      ['https://no-such-host.invalid/hook', 'webhook_url_unresolvable'],
    ];
    for (const [url, key] of cases) {
      const res = await create(owner, { url });
      expect(res.status, url).toBe(422);
      expect(res.body.violations, url).toEqual([
        expect.objectContaining({ propertyPath: 'url', code: key, message: expect.any(String) }),
      ]);
      expect(res.body.violations[0].message).not.toBe(key); // a text from the catalogue
    }
  });

  it('refuses a malformed body', async () => {
    for (const body of [{}, { url: 3 }, { url: PUBLIC, secret: 'short' }, { url: PUBLIC, x: 1 }]) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('holds at most ten webhooks per user', async () => {
    const me = await signIn(t);
    for (let i = 0; i < 10; i += 1)
      expect((await create(me, { url: `${PUBLIC}/${i}` })).status).toBe(201);
    const res = await create(me, { url: PUBLIC });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'url', code: 'webhook_limit' });
  });
});
