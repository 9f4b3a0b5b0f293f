import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productKeys, purifiers } from '@aircloud/core/db/schema';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import {
  activate,
  exportedKey,
  generateKeys,
  signIn,
  type Session,
} from '../../../test/support/purifiers.ts';
import { productKeysCsv } from './presenter.ts';

let t: TestApp;
let tech: Session;
let admin: Session;
let user: Session;

beforeAll(async () => {
  t = await startTestApp();
  [tech, admin, user] = await Promise.all([
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t, 'ROLE_ADMIN'),
    signIn(t, 'ROLE_USER'),
  ]);
});
afterAll(async () => {
  await t?.stop();
});

const GROUPED = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

async function keyRow(id: string) {
  const [row] = await t.db.select().from(productKeys).where(eq(productKeys.id, id));
  return row!;
}

/** Puts a key in a state directly (the setup of transition tests). */
async function setState(id: string, state: 'generated' | 'exported' | 'activated' | 'blocked') {
  await t.db.update(productKeys).set({ state }).where(eq(productKeys.id, id));
}

describe('access to /api/product_keys', () => {
  it('answers 401 signed out, 403 for users, 200 for technicians and admins', async () => {
    expect((await request(t.url).get('/api/product_keys')).status).toBe(401);
    const forbidden = await request(t.url).get('/api/product_keys').set('Cookie', user.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body['hydra:description']).toBe('forbidden');
    for (const s of [tech, admin]) {
      const res = await request(t.url).get('/api/product_keys').set('Cookie', s.cookie);
      expect(res.status).toBe(200);
      expect(res.body['@type']).toBe('hydra:Collection');
    }
    const generate = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', user.cookie)
      .send({ model: 'HEPA_COCOON', start_serial: 1, count: 1 });
    expect(generate.status).toBe(403);
  });
});

describe('POST /api/product_keys/generate', () => {
  it('creates keys of a model with running serial numbers and random grouped keys', async () => {
    const res = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .send({ model: 'HEPA_DOME_BLACK', start_serial: '123', count: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      '@type': 'ProductKeyBatch',
      model: 'HEPA_DOME_BLACK',
      count: 3,
      first_serial_number: 'HEPA_DOME_BLACK-000123',
      last_serial_number: 'HEPA_DOME_BLACK-000125',
    });
    const list = await request(t.url)
      .get('/api/product_keys?model=HEPA_DOME_BLACK')
      .set('Cookie', tech.cookie);
    expect(list.body['hydra:totalItems']).toBe(3);
    const [first] = list.body['hydra:member'];
    expect(first).toMatchObject({
      '@type': 'ProductKey',
      serial_number: 'HEPA_DOME_BLACK-000123',
      model: 'HEPA_DOME_BLACK',
      state: 'generated',
      user: null,
      purifier: null,
      exported_at: null,
      activated_at: null,
    });
    expect(first.key).toMatch(GROUPED);
    expect(first['@id']).toBe(`/api/product_keys/${first.ulid}`);
  });

  it('answers 422 with the spec messages for a missing start serial, a non-numeric, zero or too large count, a bad model', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ model: 'HEPA_COCOON', count: 1 }, { start_serial: 'required' }],
      [{ model: 'HEPA_COCOON', start_serial: '', count: 1 }, { start_serial: 'required' }],
      [{ model: 'HEPA_COCOON', start_serial: 1 }, { count: 'required' }],
      [{ model: 'HEPA_COCOON', start_serial: 1, count: 'abc' }, { count: 'numeric' }],
      [{ model: 'HEPA_COCOON', start_serial: 1, count: 0 }, { count: 'min_value' }],
      [{ model: 'HEPA_COCOON', start_serial: 1, count: 10_001 }, { count: 'max_value' }],
      [{ model: 'HEPA_NOPE', start_serial: 1, count: 1 }, { model: 'invalid_choice' }],
      [{ start_serial: 1, count: 1 }, { model: 'required' }],
    ];
    for (const [body, expected] of cases) {
      const res = await request(t.url)
        .post('/api/product_keys/generate')
        .set('Cookie', tech.cookie)
        .set('Accept-Language', 'en')
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body['hydra:description']).toBe('validation_failed');
      const byPath = Object.fromEntries(
        res.body.violations.map((v: { propertyPath: string; code: string }) => [
          v.propertyPath,
          v.code,
        ]),
      );
      expect(byPath, JSON.stringify(body)).toEqual(expected);
    }
    const min = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .set('Accept-Language', 'en')
      .send({ model: 'HEPA_COCOON', start_serial: 1, count: 0 });
    expect(min.body.violations[0].message).toBe('The minimum value allowed is 1');
  });

  it('answers 409 serial_number_already_exists when a serial of the range exists, and creates none', async () => {
    const first = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .send({ model: 'HEPA_COCOON', start_serial: 500, count: 5 });
    expect(first.status).toBe(201);
    const overlap = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .set('Accept-Language', 'en')
      .send({ model: 'HEPA_COCOON', start_serial: 490, count: 11 });
    expect(overlap.status).toBe(409);
    expect(overlap.body['hydra:description']).toBe('serial_number_already_exists');
    const list = await request(t.url)
      .get('/api/product_keys?model=HEPA_COCOON')
      .set('Cookie', tech.cookie);
    expect(list.body['hydra:totalItems']).toBe(5);
    // Another model may use the same running numbers.
    const other = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .send({ model: 'HEPA_COCOON_SYMPHONIE', start_serial: 500, count: 5 });
    expect(other.status).toBe(201);
  });

  it('generates 10,000 keys in one request, all unique', async () => {
    const started = performance.now();
    const res = await request(t.url)
      .post('/api/product_keys/generate')
      .set('Cookie', tech.cookie)
      .send({ model: 'HEPA_DOME_WHITE', start_serial: 1, count: 10_000 });
    const elapsed = performance.now() - started;
    console.log(`generated 10,000 product keys in ${elapsed.toFixed(0)} ms`);
    expect(res.status).toBe(201);
    expect(res.body.last_serial_number).toBe('HEPA_DOME_WHITE-010000');
    const rows = await t.db
      .select({ key: productKeys.key, serial: productKeys.serialNumber })
      .from(productKeys)
      .where(eq(productKeys.model, 'HEPA_DOME_WHITE'));
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((r) => r.key)).size).toBe(10_000);
    expect(new Set(rows.map((r) => r.serial)).size).toBe(10_000);
    expect(rows.every((r) => /^[A-HJ-NP-Z2-9]{16}$/.test(r.key))).toBe(true);
  });
});

describe('GET /api/product_keys', () => {
  it('searches serial numbers and keys (dashes and case ignored), filters by state and model, pages by 20', async () => {
    const keys = await generateKeys(t, tech, 25, 'HEPA_BULLE_BLACK');
    const target = keys[0]!;
    const grouped = target.key.match(/.{4}/g)!.join('-').toLowerCase();
    const byKey = await request(t.url)
      .get('/api/product_keys')
      .query({ search: grouped.slice(0, 9) })
      .set('Cookie', tech.cookie);
    expect(byKey.body['hydra:member'].map((k: { ulid: string }) => k.ulid)).toContain(target.id);

    const bySerial = await request(t.url)
      .get('/api/product_keys')
      .query({ search: target.serialNumber.toLowerCase() })
      .set('Cookie', tech.cookie);
    expect(bySerial.body['hydra:totalItems']).toBe(1);

    const page1 = await request(t.url)
      .get('/api/product_keys?model=HEPA_BULLE_BLACK&state=generated')
      .set('Cookie', tech.cookie);
    expect(page1.body['hydra:totalItems']).toBe(25);
    expect(page1.body['hydra:member']).toHaveLength(20);
    expect(page1.body['hydra:view']['hydra:next']).toBe(
      '/api/product_keys?state=generated&model=HEPA_BULLE_BLACK&page=2',
    );
    const page2 = await request(t.url)
      .get('/api/product_keys?model=HEPA_BULLE_BLACK&state=generated&page=2')
      .set('Cookie', tech.cookie);
    expect(page2.body['hydra:member']).toHaveLength(5);

    await setState(target.id, 'blocked');
    const blocked = await request(t.url)
      .get('/api/product_keys?model=HEPA_BULLE_BLACK&state=blocked')
      .set('Cookie', tech.cookie);
    expect(blocked.body['hydra:member'].map((k: { ulid: string }) => k.ulid)).toEqual([target.id]);

    const bad = await request(t.url).get('/api/product_keys?state=lost').set('Cookie', tech.cookie);
    expect(bad.status).toBe(422);
  });
});

describe('productKeysCsv', () => {
  it('quotes a field holding a comma, a quote, a CR or a LF, and ends every line with CRLF', () => {
    const csv = productKeysCsv([
      { key: 'ABCDEFGHJKLMNPQR', serialNumber: 'SN,1', model: 'M"1', state: 'a\nb' },
      { key: 'ABCDEFGHJKLMNPQR', serialNumber: 'SN\r2', model: '', state: 'exported' },
    ]);
    expect(csv).toBe(
      'key,serial_number,model,state\r\n' +
        'ABCD-EFGH-JKLM-NPQR,"SN,1","M""1","a\nb"\r\n' +
        'ABCD-EFGH-JKLM-NPQR,"SN\r2",,exported\r\n',
    );
    expect(productKeysCsv([])).toBe('key,serial_number,model,state\r\n');
  });
});

describe('POST /api/product_keys/export', () => {
  it('answers the CSV of a selection and marks the generated ones exported, leaving blocked ones', async () => {
    const [a, b, c] = await generateKeys(t, tech, 3, 'HEPA_DOME_BLACK');
    await setState(c!.id, 'blocked');
    const res = await request(t.url)
      .post('/api/product_keys/export')
      .set('Cookie', tech.cookie)
      .send({ ids: [a!.id, b!.id, c!.id] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="product-keys-/);
    const lines = res.text.trimEnd().split('\r\n');
    const grouped = (k: string) => k.match(/.{4}/g)!.join('-');
    expect(lines).toEqual([
      'key,serial_number,model,state',
      `${grouped(a!.key)},${a!.serialNumber},HEPA_DOME_BLACK,exported`,
      `${grouped(b!.key)},${b!.serialNumber},HEPA_DOME_BLACK,exported`,
      `${grouped(c!.key)},${c!.serialNumber},HEPA_DOME_BLACK,blocked`,
    ]);
    expect((await keyRow(a!.id)).state).toBe('exported');
    expect((await keyRow(a!.id)).exportedAt).toBeInstanceOf(Date);
    expect((await keyRow(c!.id)).state).toBe('blocked');
  });

  it('exports every key matching a filter', async () => {
    await generateKeys(t, tech, 4, 'HEPA_BULLE_WHITE');
    const res = await request(t.url)
      .post('/api/product_keys/export')
      .set('Cookie', tech.cookie)
      .send({ filter: { model: 'HEPA_BULLE_WHITE', state: 'generated' } });
    expect(res.status).toBe(200);
    const rows = res.text.trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.endsWith(',HEPA_BULLE_WHITE,exported'))).toBe(true);
    const after = await request(t.url)
      .get('/api/product_keys?model=HEPA_BULLE_WHITE&state=generated')
      .set('Cookie', tech.cookie);
    expect(after.body['hydra:totalItems']).toBe(0);
  });

  it('refuses ids and filter together, and users', async () => {
    const both = await request(t.url)
      .post('/api/product_keys/export')
      .set('Cookie', tech.cookie)
      .send({ ids: ['x'], filter: {} });
    expect(both.status).toBe(422);
    const asUser = await request(t.url)
      .post('/api/product_keys/export')
      .set('Cookie', user.cookie)
      .send({ filter: {} });
    expect(asUser.status).toBe(403);
  });
});

describe('GET /api/product_keys/{id}', () => {
  it("dereferences a key's @id: the same key as in the list, for technicians only", async () => {
    const [key] = await generateKeys(t, tech);
    const list = await request(t.url)
      .get(`/api/product_keys?search=${key!.serialNumber}`)
      .set('Cookie', tech.cookie);
    const listed = list.body['hydra:member'][0];
    const res = await request(t.url).get(listed['@id']).set('Cookie', tech.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed);
    expect((await request(t.url).get(listed['@id']).set('Cookie', user.cookie)).status).toBe(403);
    const unknown = await request(t.url)
      .get('/api/product_keys/01J9Z3Q6ZP7V8W2M4K5N6R7S8T')
      .set('Cookie', admin.cookie);
    expect(unknown.status).toBe(404);
  });
});

describe('PATCH /api/product_keys/{id}', () => {
  const patch = (id: string, state: string) =>
    request(t.url)
      .patch(`/api/product_keys/${id}`)
      .set('Cookie', tech.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ state }));

  it('allows generated -> blocked, exported -> blocked, blocked -> generated', async () => {
    const allowed: [string, string][] = [
      ['generated', 'blocked'],
      ['exported', 'blocked'],
      ['blocked', 'generated'],
    ];
    for (const [from, to] of allowed) {
      const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
      await setState(key!.id, from as 'generated');
      const res = await patch(key!.id, to);
      expect(res.status, `${from} -> ${to}`).toBe(200);
      expect(res.body.state).toBe(to);
      expect((await keyRow(key!.id)).state).toBe(to);
    }
  });

  it('refuses every other transition with 409 cannot_change_status', async () => {
    const states = ['generated', 'exported', 'activated', 'blocked'] as const;
    const allowed = new Set(['generated>blocked', 'exported>blocked', 'blocked>generated']);
    for (const from of states) {
      for (const to of states) {
        if (allowed.has(`${from}>${to}`)) continue;
        const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
        await setState(key!.id, from);
        const res = await patch(key!.id, to);
        expect(res.status, `${from} -> ${to}`).toBe(409);
        expect(res.body['hydra:description']).toBe('cannot_change_status');
        expect((await keyRow(key!.id)).state).toBe(from);
      }
    }
  });

  it('answers 404 for an unknown key and 422 for an unknown state', async () => {
    expect((await patch('01J00000000000000000000000', 'blocked')).status).toBe(404);
    const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
    const res = await patch(key!.id, 'lost');
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'state', code: 'invalid_choice' });
  });
});

describe('POST /api/product_keys/{id}/regenerate', () => {
  it('gives generated, exported and blocked keys a new key; an exported key becomes generated', async () => {
    for (const [from, to] of [
      ['generated', 'generated'],
      ['exported', 'generated'],
      ['blocked', 'blocked'],
    ] as const) {
      const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
      await setState(key!.id, from);
      const res = await request(t.url)
        .post(`/api/product_keys/${key!.id}/regenerate`)
        .set('Cookie', tech.cookie);
      expect(res.status, from).toBe(200);
      expect(res.body.state).toBe(to);
      expect(res.body.key).toMatch(GROUPED);
      expect((await keyRow(key!.id)).key).not.toBe(key!.key);
    }
  });

  it('refuses an activated key with 409 cannot_change_status', async () => {
    const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
    await setState(key!.id, 'activated');
    const res = await request(t.url)
      .post(`/api/product_keys/${key!.id}/regenerate`)
      .set('Cookie', tech.cookie);
    expect(res.status).toBe(409);
    expect(res.body['hydra:description']).toBe('cannot_change_status');
    expect((await keyRow(key!.id)).key).toBe(key!.key);
  });
});

describe('POST /api/product_keys/{id}/unlink', () => {
  it('returns an activated key to exported; the purifier stays owned by nobody and goes to the next user who activates the key', async () => {
    const key = await exportedKey(t, tech);
    const first = await signIn(t);
    const purifier = await activate(t, first, key.key);
    await request(t.url)
      .patch(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', first.cookie)
      .send({ name: 'Salon' });

    const res = await request(t.url)
      .post(`/api/product_keys/${key.id}/unlink`)
      .set('Cookie', tech.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'exported',
      user: null,
      purifier: `/api/purifiers/${purifier.ulid}`,
    });
    const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifier.ulid));
    expect(row!.userId).toBeNull();
    expect(
      (await request(t.url).get(`/api/purifiers/${purifier.ulid}`).set('Cookie', first.cookie))
        .status,
    ).toBe(404);

    const second = await signIn(t);
    const again = await activate(t, second, key.key);
    expect(again.ulid).toBe(purifier.ulid);
    expect(again).toMatchObject({
      name: expect.stringMatching(/^HEPA \w+ \d{4}$/),
      owner: `/api/users/${second.user.id}`,
    });
    const listed = await request(t.url)
      .get(`/api/product_keys/?search=${key.serialNumber}`)
      .set('Cookie', tech.cookie);
    expect(listed.body['hydra:member'][0]).toMatchObject({
      state: 'activated',
      user: { ulid: second.user.id, email: second.user.email },
    });
  });

  it('refuses a key that is not activated with 409 cannot_change_status', async () => {
    for (const state of ['generated', 'exported', 'blocked'] as const) {
      const [key] = await generateKeys(t, tech, 1, 'HEPA_COCOON');
      await setState(key!.id, state);
      const res = await request(t.url)
        .post(`/api/product_keys/${key!.id}/unlink`)
        .set('Cookie', tech.cookie);
      expect(res.status, state).toBe(409);
      expect(res.body['hydra:description']).toBe('cannot_change_status');
    }
  });
});
