import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleStates, productKeys, purifiers } from '@aircloud/core/db/schema';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { linkPurifier } from '@aircloud/core/sensors/repository';
import { ruleDesired } from '@aircloud/core/purifiers/desired-state';
import { defaultPurifierName } from '@aircloud/shared/purifiers';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import {
  activate,
  exportedKey,
  generateKeys,
  signIn,
  type Session,
} from '../../../test/support/purifiers.ts';

let t: TestApp;
let tech: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  [tech, admin] = await Promise.all([signIn(t, 'ROLE_TECHNICIAN'), signIn(t, 'ROLE_ADMIN')]);
});
afterAll(async () => {
  await t?.stop();
});

/** A user owning a new purifier (activated through the API). */
async function ownerWithPurifier(model = 'HEPA_BULLE_WHITE') {
  const owner = await signIn(t);
  const key = await exportedKey(t, tech, model);
  const purifier = await activate(t, owner, key.key);
  return { owner, key, purifier };
}

async function purifierRow(id: string) {
  const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, id));
  return row!;
}

const patch = (session: Session, id: string, body: object, lang = 'fr') =>
  request(t.url)
    .patch(`/api/purifiers/${id}`)
    .set('Cookie', session.cookie)
    .set('Accept-Language', lang)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify(body));

describe('POST /api/purifiers/activate', () => {
  it('activates an exported key typed loosely and creates the purifier of its model for the user', async () => {
    const owner = await signIn(t);
    const key = await exportedKey(t, tech, 'HEPA_DOME_WHITE');
    const typed = ` ${key.key.slice(0, 4).toLowerCase()} - ${key.key.slice(4, 8)}-${key.key.slice(8)} `;
    const res = await request(t.url)
      .post('/api/purifiers/activate')
      .set('Cookie', owner.cookie)
      .send({ key: typed });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(res.body['@id']);
    expect(res.body).toMatchObject({
      '@type': 'Purifier',
      model: 'HEPA_DOME_WHITE',
      serial_number: key.serialNumber,
      // A readable default name: the model's family and the serial's last four digits.
      name: `HEPA Dome ${key.serialNumber.replace(/\D/g, '').slice(-4)}`,
      owner: `/api/users/${owner.user.id}`,
      product_key: `/api/product_keys/${key.id}`,
      hourly_recycling_rate: 5,
      silent_hourly_recycling_rate: 5,
      mode: 'auto',
      reported_mode: null,
      state: 'operational',
      wifi_state: 'not_configured',
      timezone: 'Europe/Paris',
      maintenance_levels: {
        prefilter: 100,
        filters: 100,
        module_1: 100,
        module_2: 100,
        module_3: 100,
        module_4: 100,
      },
      desired: { mode: 'auto', trh: 5, silent_trh: 5, schedule: null, version: 1, source: 'user' },
      reported: null,
    });
    const [row] = await t.db.select().from(productKeys).where(eq(productKeys.id, key.id));
    expect(row).toMatchObject({
      state: 'activated',
      userId: owner.user.id,
      purifierId: res.body.ulid,
    });
    expect(row!.activatedAt).toBeInstanceOf(Date);
  });

  it('answers 422 bad_or_not_exported_key_code for unknown, generated, blocked and activated keys', async () => {
    const someone = await signIn(t);
    const [generated, blocked] = await generateKeys(t, tech, 2, 'HEPA_COCOON');
    await t.db.update(productKeys).set({ state: 'blocked' }).where(eq(productKeys.id, blocked!.id));
    const { key: activated } = await ownerWithPurifier();
    for (const key of [
      'AAAA-BBBB-CCCC-DDDD',
      'nonsense',
      generated!.key,
      blocked!.key,
      activated.key,
    ]) {
      const res = await request(t.url)
        .post('/api/purifiers/activate')
        .set('Cookie', someone.cookie)
        .set('Accept-Language', 'en')
        .send({ key });
      expect(res.status, key).toBe(422);
      expect(res.body['hydra:description']).toBe('bad_or_not_exported_key_code');
      expect(res.body['hydra:title']).toBe('The key you entered is invalid');
      expect(res.body.violations[0].propertyPath).toBe('key');
    }
    expect((await request(t.url).post('/api/purifiers/activate').send({ key: 'x' })).status).toBe(
      401,
    );
    const missing = await request(t.url)
      .post('/api/purifiers/activate')
      .set('Cookie', someone.cookie)
      .send({});
    expect(missing.status).toBe(422);
    expect(missing.body.violations[0]).toMatchObject({ propertyPath: 'key', code: 'required' });
  });

  it('lets exactly one of two users racing for the same key win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = await exportedKey(t, tech);
      const [a, b] = await Promise.all([signIn(t), signIn(t)]);
      const results = await Promise.all(
        [a, b].map((s) =>
          request(t.url)
            .post('/api/purifiers/activate')
            .set('Cookie', s.cookie)
            .send({ key: key.key }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 422]);
      const loser = results.find((r) => r.status === 422)!;
      expect(loser.body['hydra:description']).toBe('bad_or_not_exported_key_code');
      const rows = await t.db.select().from(purifiers).where(eq(purifiers.productKeyId, key.id));
      expect(rows).toHaveLength(1);
      const winner = results.findIndex((r) => r.status === 201);
      expect(rows[0]!.userId).toBe([a, b][winner]!.user.id);
    }
  });
});

describe('GET /api/purifiers', () => {
  it("lists the caller's purifiers only, with search, wifi_state and state filters", async () => {
    const owner = await signIn(t);
    const made: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const key = await exportedKey(t, tech, 'HEPA_COCOON');
      made.push((await activate(t, owner, key.key)).ulid);
    }
    const [living, kitchen, office, garage] = made as [string, string, string, string];
    await patch(owner, living, { name: 'Living room' });
    await patch(owner, kitchen, { name: 'Kitchen' });
    await patch(owner, office, { name: 'Office' });
    await patch(owner, garage, { name: 'Garage' });
    const now = Date.now();
    await t.db
      .update(purifiers)
      .set({ lastSeenAt: new Date(now - 30_000) })
      .where(eq(purifiers.id, living));
    await t.db
      .update(purifiers)
      .set({ lastSeenAt: new Date(now - 10 * 60_000), state: 'alert' })
      .where(eq(purifiers.id, kitchen));
    await t.db
      .update(purifiers)
      .set({ lastSeenAt: new Date(now - 150_000), reportingIntervalS: 60, state: 'warning' })
      .where(eq(purifiers.id, office));
    await ownerWithPurifier(); // somebody else's

    const list = async (query: Record<string, string>) => {
      const res = await request(t.url)
        .get('/api/purifiers')
        .query(query)
        .set('Cookie', owner.cookie);
      expect(res.status).toBe(200);
      return res.body as {
        'hydra:member': { ulid: string; name: string; wifi_state: string }[];
        'hydra:totalItems': number;
      };
    };
    const all = await list({});
    expect(all['hydra:totalItems']).toBe(4);
    expect(all['hydra:member'].map((p) => p.name)).toEqual([
      'Garage',
      'Kitchen',
      'Living room',
      'Office',
    ]);
    expect(Object.fromEntries(all['hydra:member'].map((p) => [p.name, p.wifi_state]))).toEqual({
      Garage: 'not_configured',
      Kitchen: 'disconnected',
      'Living room': 'connected',
      Office: 'connected',
    });
    const ids = (body: Awaited<ReturnType<typeof list>>) =>
      body['hydra:member'].map((p) => p.ulid).sort();
    expect(ids(await list({ wifi_state: 'connected' }))).toEqual([living, office].sort());
    expect(ids(await list({ wifi_state: 'disconnected' }))).toEqual([kitchen]);
    expect(ids(await list({ wifi_state: 'not_configured' }))).toEqual([garage]);
    expect(ids(await list({ state: 'alert' }))).toEqual([kitchen]);
    expect(ids(await list({ state: 'operational' }))).toEqual([living, garage].sort());
    expect(ids(await list({ search: 'ROOM' }))).toEqual([living]);
    const serial = (await purifierRow(garage)).serialNumber;
    expect(ids(await list({ search: serial.slice(-6) }))).toEqual([garage]);
    expect(ids(await list({ search: '100%_' }))).toEqual([]);
    // The same statement with other values, filters together, and a page past the end.
    expect(ids(await list({ state: 'warning' }))).toEqual([office]);
    expect(ids(await list({ search: 'o', state: 'warning', wifi_state: 'connected' }))).toEqual([
      office,
    ]);
    expect(ids(await list({ search: 'o', state: 'alert', wifi_state: 'connected' }))).toEqual([]);
    const past = await list({ page: '2' });
    expect(past['hydra:member']).toEqual([]);
    expect(past['hydra:totalItems']).toBe(4);
    expect((await list({ page: '3', search: 'room' }))['hydra:totalItems']).toBe(1);

    const bad = await request(t.url)
      .get('/api/purifiers?wifi_state=maybe')
      .set('Cookie', owner.cookie);
    expect(bad.status).toBe(422);
    expect((await request(t.url).get('/api/purifiers')).status).toBe(401);
  });

  it("lets admins list another user's purifiers with user=<ulid>, and nobody else", async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const asAdmin = await request(t.url)
      .get('/api/purifiers')
      .query({ user: owner.user.id })
      .set('Cookie', admin.cookie);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body['hydra:member'].map((p: { ulid: string }) => p.ulid)).toEqual([
      purifier.ulid,
    ]);
    const other = await signIn(t);
    const asUser = await request(t.url)
      .get('/api/purifiers')
      .query({ user: owner.user.id })
      .set('Cookie', other.cookie);
    expect(asUser.status).toBe(403);
    const asTech = await request(t.url)
      .get('/api/purifiers')
      .query({ user: owner.user.id })
      .set('Cookie', tech.cookie);
    expect(asTech.status).toBe(403);
  });
});

describe('GET /api/purifiers/{ulid}', () => {
  it("answers the owner and admins, and 404 not_found for another user's purifier", async () => {
    const { owner, purifier } = await ownerWithPurifier();
    expect(
      (await request(t.url).get(`/api/purifiers/${purifier.ulid}`).set('Cookie', owner.cookie))
        .status,
    ).toBe(200);
    expect(
      (await request(t.url).get(`/api/purifiers/${purifier.ulid}`).set('Cookie', admin.cookie))
        .status,
    ).toBe(200);
    const other = await signIn(t);
    const res = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', other.cookie);
    expect(res.status).toBe(404);
    expect(res.body['hydra:description']).toBe('not_found');
    const unknown = await request(t.url)
      .get('/api/purifiers/01J00000000000000000000000')
      .set('Cookie', other.cookie);
    expect(unknown.status).toBe(404);
    for (const call of [
      patch(other, purifier.ulid, { name: 'Mine now' }),
      request(t.url).delete(`/api/purifiers/${purifier.ulid}`).set('Cookie', other.cookie),
      request(t.url)
        .get(`/api/purifiers/${purifier.ulid}/maintenance_events`)
        .set('Cookie', other.cookie),
      request(t.url)
        .post(`/api/purifiers/${purifier.ulid}/maintenance_events`)
        .set('Cookie', other.cookie)
        .send({ type: 'filters' }),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect((await purifierRow(purifier.ulid)).name).not.toBe('Mine now');
  });
});

describe('PATCH /api/purifiers/{ulid}', () => {
  it('answers the spec messages: name required, piece volume minimum 1, short name max 20, TRH 5/10/15', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const res = await patch(owner, purifier.ulid, {
      name: '  ',
      piece_volume: 0,
      short_name: 'x'.repeat(21),
      hourly_recycling_rate: 7,
      silent_hourly_recycling_rate: '10',
      count_piece_connected_object: 0,
      system_date: '2026-02-30',
      mode: 'turbo',
      colour: 'blue',
    });
    expect(res.status).toBe(422);
    expect(res.body['hydra:description']).toBe('validation_failed');
    const byPath = Object.fromEntries(
      res.body.violations.map((v: { propertyPath: string; code: string; message: string }) => [
        v.propertyPath,
        [v.code, v.message],
      ]),
    );
    expect(byPath).toEqual({
      name: ['required', 'La valeur est obligatoire'],
      piece_volume: ['min_incorrect', 'La valeur est incorrecte. Minimum 1.'],
      short_name: ['max_length', 'La longueur maximale autorisée est de 20'],
      hourly_recycling_rate: ['invalid_choice', 'La valeur ne fait pas partie des choix possibles'],
      silent_hourly_recycling_rate: [
        'invalid_choice',
        'La valeur ne fait pas partie des choix possibles',
      ],
      count_piece_connected_object: ['min_incorrect', 'La valeur est incorrecte. Minimum 1.'],
      system_date: ['date', "La valeur n'est pas une date valide"],
      mode: ['invalid_choice', 'La valeur ne fait pas partie des choix possibles'],
      colour: ['unknown_field', "Ce champ n'est pas attendu"],
    });
    const en = await patch(owner, purifier.ulid, { piece_volume: 0.5 }, 'en');
    expect(en.body.violations[0].message).toBe('The value is incorrect. Minimum 1.');
  });

  it('refuses a bad schedule: wrong time, disorder, duplicate start, not seven days', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const week = (monday: object[]) => ({ days: [monday, [], [], [], [], [], []] });
    const cases: [object, string, string][] = [
      [week([{ start: '7:00', mode: 'auto' }]), 'schedule.days.0.0.start', 'time'],
      [
        week([
          { start: '09:00', mode: 'auto' },
          { start: '08:00', mode: 'boost' },
        ]),
        'schedule.days.0.1.start',
        'schedule_order',
      ],
      [
        week([
          { start: '08:00', mode: 'auto' },
          { start: '08:00', mode: 'boost' },
        ]),
        'schedule.days.0.1.start',
        'schedule_order',
      ],
      [{ days: [[], []] }, 'schedule.days', 'invalid'],
    ];
    for (const [schedule, path, code] of cases) {
      const res = await patch(owner, purifier.ulid, { schedule });
      expect(res.status, path).toBe(422);
      expect(res.body.violations[0]).toMatchObject({ propertyPath: path, code });
    }
  });

  it('saves settings; a change of mode, TRH or schedule bumps the desired version with source user', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const settings = await patch(owner, purifier.ulid, {
      name: ' Bedroom ',
      short_name: 'Bed',
      system_date: '2026-01-15',
      piece_volume: 37.5,
      count_piece_connected_object: 2,
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      name: 'Bedroom',
      short_name: 'Bed',
      system_date: '2026-01-15',
      piece_volume: 37.5,
      count_piece_connected_object: 2,
      desired: { version: 1 },
    });

    const mode = await patch(owner, purifier.ulid, { mode: 'boost' });
    expect(mode.body).toMatchObject({
      mode: 'boost',
      desired: { mode: 'boost', version: 2, source: 'user' },
    });

    const same = await patch(owner, purifier.ulid, { mode: 'boost' });
    expect(same.body.desired.version).toBe(2);

    const trh = await patch(owner, purifier.ulid, {
      hourly_recycling_rate: 15,
      silent_hourly_recycling_rate: 10,
    });
    expect(trh.body).toMatchObject({
      hourly_recycling_rate: 15,
      silent_hourly_recycling_rate: 10,
      desired: { trh: 15, silent_trh: 10, version: 3 },
    });

    const schedule = {
      days: [
        [
          { start: '07:00', mode: 'auto' },
          { start: '22:00', mode: 'silence' },
        ],
        [],
        [],
        [],
        [],
        [{ start: '09:30', mode: 'boost' }],
        [],
      ],
    };
    const planned = await patch(owner, purifier.ulid, { schedule });
    expect(planned.status).toBe(200);
    expect(planned.body.schedule).toEqual(schedule);
    expect(planned.body.desired).toMatchObject({ schedule, version: 4, source: 'user' });
    expect((await patch(owner, purifier.ulid, { schedule })).body.desired.version).toBe(4);

    const cleared = await patch(owner, purifier.ulid, { schedule: null, short_name: null });
    expect(cleared.body).toMatchObject({ schedule: null, short_name: '', desired: { version: 5 } });

    const asAdmin = await patch(admin, purifier.ulid, { mode: 'off' });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.desired).toMatchObject({ mode: 'off', version: 6, source: 'user' });
  });
});

describe('DELETE /api/purifiers/{ulid}', () => {
  it('removes the purifier from the account: the key returns to exported, an admin still sees the purifier', async () => {
    const { owner, purifier, key } = await ownerWithPurifier();
    const res = await request(t.url)
      .delete(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(204);
    expect(
      (await request(t.url).get(`/api/purifiers/${purifier.ulid}`).set('Cookie', owner.cookie))
        .status,
    ).toBe(404);
    const list = await request(t.url).get('/api/purifiers').set('Cookie', owner.cookie);
    expect(list.body['hydra:totalItems']).toBe(0);
    const [keyRow] = await t.db.select().from(productKeys).where(eq(productKeys.id, key.id));
    expect(keyRow).toMatchObject({ state: 'exported', userId: null, purifierId: purifier.ulid });
    const asAdmin = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', admin.cookie);
    expect(asAdmin.body.owner).toBeNull();
  });
});

describe('/api/purifiers/{ulid}/maintenance_events', () => {
  it('records a replacement, resets that level to 100 and lists the history latest first', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    await t.db
      .update(purifiers)
      .set({
        maintenanceLevels: {
          prefilter: 10,
          filters: 40,
          module_1: 50,
          module_2: 60,
          module_3: 70,
          module_4: 80,
        },
      })
      .where(eq(purifiers.id, purifier.ulid));
    const post = (body: object) =>
      request(t.url)
        .post(`/api/purifiers/${purifier.ulid}/maintenance_events`)
        .set('Cookie', owner.cookie)
        .send(body);

    const filters = await post({ type: 'filters', note: 'HEPA H13' });
    expect(filters.status).toBe(201);
    expect(filters.body).toMatchObject({
      '@type': 'MaintenanceEvent',
      type: 'filters',
      note: 'HEPA H13',
      purifier: `/api/purifiers/${purifier.ulid}`,
      user: `/api/users/${owner.user.id}`,
    });
    const prefilters = await post({ type: 'prefilters', occurred_at: '2026-01-10' });
    expect(prefilters.status).toBe(201);
    expect(prefilters.body.occurred_at).toBe('2026-01-09T23:00:00.000Z'); // midnight in Paris
    const levels = (await purifierRow(purifier.ulid)).maintenanceLevels;
    expect(levels).toEqual({
      prefilter: 100,
      filters: 100,
      module_1: 50,
      module_2: 60,
      module_3: 70,
      module_4: 80,
    });

    // A back-dated filters replacement, older than the one recorded, only adds history.
    await t.db
      .update(purifiers)
      .set({ maintenanceLevels: { ...levels, filters: 90 } })
      .where(eq(purifiers.id, purifier.ulid));
    expect((await post({ type: 'filters', occurred_at: '2025-06-01T10:00:00Z' })).status).toBe(201);
    expect((await purifierRow(purifier.ulid)).maintenanceLevels.filters).toBe(90);

    const list = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}/maintenance_events`)
      .set('Cookie', owner.cookie);
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(3);
    expect(list.body['hydra:member'].map((e: { type: string }) => e.type)).toEqual([
      'filters',
      'prefilters',
      'filters',
    ]);
    const detail = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', owner.cookie);
    expect(detail.body.maintenance_levels.prefilter).toBe(100);
  });

  it("dereferences an event's @id for whoever views the purifier, 404 for others", async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const created = await request(t.url)
      .post(`/api/purifiers/${purifier.ulid}/maintenance_events`)
      .set('Cookie', owner.cookie)
      .send({ type: 'filters' });
    expect(created.status).toBe(201);
    const res = await request(t.url).get(created.body['@id']).set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    const { owner: other } = await ownerWithPurifier();
    expect((await request(t.url).get(created.body['@id']).set('Cookie', other.cookie)).status).toBe(
      404,
    );
    const unknown = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}/maintenance_events/01J9Z3Q6ZP7V8W2M4K5N6R7S8T`)
      .set('Cookie', owner.cookie);
    expect(unknown.status).toBe(404);
  });

  it('answers 422 for a missing or unknown type and a bad date', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const cases: [object, string, string][] = [
      [{}, 'type', 'required'],
      [{ type: 'engine' }, 'type', 'invalid_choice'],
      [{ type: 'module_1', occurred_at: 'yesterday' }, 'occurred_at', 'date'],
    ];
    for (const [body, path, code] of cases) {
      const res = await request(t.url)
        .post(`/api/purifiers/${purifier.ulid}/maintenance_events`)
        .set('Cookie', owner.cookie)
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body.violations[0]).toMatchObject({ propertyPath: path, code });
    }
  });
});

describe('/api/purifiers/{ulid}/maintenance_events: the how-to video link', () => {
  const post = (session: Session, ulid: string, body: object, lang = 'en') =>
    request(t.url)
      .post(`/api/purifiers/${ulid}/maintenance_events`)
      .set('Cookie', session.cookie)
      .set('Accept-Language', lang)
      .send(body);

  it('stores a video on the product media host and answers it in the event and the history', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const link = 'https://media.aircloud.example/howto/filters.mp4';
    const res = await post(owner, purifier.ulid, { type: 'filters', video_link: ` ${link} ` });
    expect(res.status).toBe(201);
    expect(res.body.video_link).toBe(link);
    const without = await post(owner, purifier.ulid, { type: 'module_1', video_link: '' });
    expect(without.status).toBe(201);
    expect(without.body.video_link).toBe('');
    const list = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}/maintenance_events`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(
      list.body['hydra:member'].map((e: { type: string; video_link: string }) => [
        e.type,
        e.video_link,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['filters', link],
        ['module_1', ''],
      ]),
    );
  });

  it("answers 422 with the catalogue message naming the host for a link that is not the product's video", async () => {
    const { owner, purifier } = await ownerWithPurifier();
    for (const video_link of [
      'https://example.com/filters.mp4',
      'http://media.aircloud.example/filters.mp4',
      'https://media.aircloud.example/filters.mkv',
      'not a link',
      42,
    ]) {
      const res = await post(owner, purifier.ulid, { type: 'filters', video_link });
      expect(res.status, String(video_link)).toBe(422);
      expect(res.body.violations).toEqual([
        expect.objectContaining({
          propertyPath: 'video_link',
          code: typeof video_link === 'string' ? 'media_link' : 'required',
        }),
      ]);
    }
    const fr = await post(
      owner,
      purifier.ulid,
      {
        type: 'filters',
        video_link: 'https://example.com/filters.mp4',
      },
      'fr',
    );
    expect(fr.body.violations[0].message).toBe(
      'Le lien doit pointer vers une vidéo (mp4, avi, mpeg ou mov) sur media.aircloud.example',
    );
    const list = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}/maintenance_events`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(list.body['hydra:totalItems']).toBe(0);
  });
});

describe('default name', () => {
  it('names a purifier by its model and the last digits of its serial', () => {
    expect(defaultPurifierName('HEPA_DOME_WHITE', 'HEPA_DOME_WHITE-000042')).toBe('HEPA Dome 0042');
    expect(defaultPurifierName('HEPA_COCOON_SYMPHONIE', 'X-1234567')).toBe(
      'HEPA Cocoon Symphonie 4567',
    );
    expect(defaultPurifierName('HEPA_COCOON', 'NODIGITS')).toBe('HEPA Cocoon');
  });
});

describe("the room's air and the holding rules on the list", () => {
  let sensorSerial = 0;
  async function sensorWith(userId: string, name: string, values: { co2: number; pm25: number }) {
    sensorSerial += 1;
    const { sensor } = await provisionSensor(t.db, {
      serialNumber: `AIR-${Date.now()}-${sensorSerial}`,
      userId,
    });
    await t.db.execute(sql`UPDATE sensors SET name = ${name} WHERE id = ${sensor.id}`);
    const ts = new Date().toISOString();
    await t.db.execute(sql`SELECT ensure_sensor_measure_partitions(${ts}::timestamptz, 2)`);
    await t.db.execute(sql`INSERT INTO sensor_measures (sensor_id, ts, co2, pm25)
      VALUES (${sensor.id}, ${ts}::timestamptz, ${values.co2}, ${values.pm25})`);
    return sensor.id;
  }

  it('carries the worst levelled reading of the linked sensors, and which sensor gave it', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const list = () => request(t.url).get('/api/purifiers').set('Cookie', owner.cookie).expect(200);
    expect((await list()).body['hydra:member'][0]).toMatchObject({
      air: null,
      air_sensors: [],
      hold_rules: [],
    });

    const office = await sensorWith(owner.user.id, 'Office', { co2: 700, pm25: 5 });
    const kitchen = await sensorWith(owner.user.id, 'Kitchen', { co2: 1300, pm25: 5 });
    await linkPurifier(t.db, office, purifier.ulid);
    await linkPurifier(t.db, kitchen, purifier.ulid);
    const member = (await list()).body['hydra:member'][0];
    expect(member.air).toMatchObject({
      sensor_ulid: kitchen,
      sensor_name: 'Kitchen',
      measure: 'co2',
      value: 1300,
      level: 'poor',
    });
    // Every linked sensor the owner reaches, in link order: the card follows them live.
    expect(member.air_sensors).toEqual([
      { ulid: office, name: 'Office' },
      { ulid: kitchen, name: 'Kitchen' },
    ]);
    const detail = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(detail.body.air).toMatchObject({ sensor_name: 'Kitchen', level: 'poor' });
    // A stranger's sensor linked to it is not read for its owner.
    const stranger = await signIn(t);
    const theirs = await sensorWith(stranger.user.id, 'Theirs', { co2: 5000, pm25: 300 });
    await linkPurifier(t.db, theirs, purifier.ulid);
    const after = (await list()).body['hydra:member'][0];
    expect(after.air.sensor_name).toBe('Kitchen');
    expect(after.air_sensors.map((s: { ulid: string }) => s.ulid)).toEqual([office, kitchen]);
    // The detail reads the room from its linked sensors: the same air, the same sensors.
    const afterDetail = await request(t.url)
      .get(`/api/purifiers/${purifier.ulid}`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(afterDetail.body.air).toEqual(after.air);
    expect(afterDetail.body.air_sensors).toEqual(after.air_sensors);
    expect(after.air.measured_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('names the triggered rule that holds the mode', async () => {
    const { owner, purifier } = await ownerWithPurifier();
    const sensor = await sensorWith(owner.user.id, 'Bedroom', { co2: 1500, pm25: 5 });
    await linkPurifier(t.db, sensor, purifier.ulid);
    const created = await request(t.url)
      .post(`/api/sensors/${sensor}/alert_rules`)
      .set('Cookie', owner.cookie)
      .send({ measure: 'co2', threshold: 1000, mode: 'auto' });
    expect(created.status).toBe(201);
    await t.db
      .update(alertRuleStates)
      .set({ triggered: true })
      .where(eq(alertRuleStates.ruleId, created.body.id));
    const row = await purifierRow(purifier.ulid);
    const held = ruleDesired({ ...row.desired, mode: 'silence' }, 'auto', new Date());
    await t.db.update(purifiers).set({ desired: held! }).where(eq(purifiers.id, purifier.ulid));
    const res = await request(t.url).get('/api/purifiers').set('Cookie', owner.cookie).expect(200);
    expect(res.body['hydra:member'][0]).toMatchObject({
      mode: 'auto',
      desired: { source: 'rule', base: { mode: 'silence' } },
      hold_rules: [
        {
          ulid: created.body.id,
          sensor_name: 'Bedroom',
          measure: 'co2',
          threshold: 1000,
          mode: 'auto',
        },
      ],
    });
  });
});
