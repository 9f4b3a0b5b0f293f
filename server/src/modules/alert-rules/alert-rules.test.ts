import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import {
  alertRuleStates,
  alertTriggers,
  mails,
  notifications,
  purifiers,
  webhookDeliveries,
  webhooks,
} from '@aircloud/core/db/schema';
import { acceptedShare } from '../../../test/support/invitations.ts';
import { activate, exportedKey, signIn, type Session } from '../../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { linkPurifier } from '@aircloud/core/sensors/repository';
import { Queue } from 'bullmq';
import { redisOptionsFromUrl } from '@aircloud/core/lib/redis';
import { bullPrefix } from '@aircloud/core/queues';
import { ruleDesired } from '@aircloud/core/purifiers/desired-state';
import { changePurifier } from '@aircloud/core/purifiers/change';

let t: TestApp;
let owner: Session;
let stranger: Session;
let tech: Session;
let sensorId: string;
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  [owner, stranger, tech] = await Promise.all([signIn(t), signIn(t), signIn(t, 'ROLE_TECHNICIAN')]);
  sensorId = await newSensor();
});
afterAll(async () => {
  await t?.stop();
});

async function newSensor(userId = owner.user.id) {
  serial += 1;
  const { sensor } = await provisionSensor(t.db, { serialNumber: `RULES-${serial}`, userId });
  return sensor.id;
}

const CO2 = { measure: 'co2', threshold: 1000, mode: 'auto' };

function create(session: Session | null, body: object, sensor = sensorId) {
  const req = request(t.url).post(`/api/sensors/${sensor}/alert_rules`);
  if (session) req.set('Cookie', session.cookie);
  return req.send(body);
}

function patch(session: Session | null, id: string, body: object) {
  const req = request(t.url)
    .patch(`/api/alert_rules/${id}`)
    .set('Content-Type', 'application/merge-patch+json');
  if (session) req.set('Cookie', session.cookie);
  return req.send(JSON.stringify(body));
}

/** A purifier in silence held in auto by a triggered CO2 rule of a new sensor linked to it. */
async function heldBySensor() {
  const purifier = await activate(t, owner, (await exportedKey(t, tech)).key);
  const sensor = await newSensor();
  await linkPurifier(t.db, sensor, purifier.ulid);
  const created = await create(owner, CO2, sensor);
  await t.db
    .update(alertRuleStates)
    .set({ triggered: true })
    .where(eq(alertRuleStates.ruleId, created.body.id));
  const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifier.ulid));
  const held = ruleDesired({ ...row!.desired, mode: 'silence' }, 'auto', new Date());
  await t.db.update(purifiers).set({ desired: held! }).where(eq(purifiers.id, purifier.ulid));
  return { sensor, purifier: purifier.ulid, rule: created.body.id as string };
}

describe('POST /api/sensors/{ulid}/alert_rules', () => {
  it('creates a rule with the default confirm time and hysteresis', async () => {
    const res = await create(owner, CO2);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(res.body['@id']);
    expect(res.body).toMatchObject({
      '@type': 'AlertRule',
      sensor: `/api/sensors/${sensorId}`,
      measure: 'co2',
      unit: 'ppm',
      threshold: 1000,
      hysteresis: 50,
      mode: 'auto',
      confirm_s: 60,
      enabled: true,
      triggered: false,
    });
  });

  it('accepts ISO thresholds 5..9 only', async () => {
    for (const threshold of [5, 9]) {
      const ok = await create(owner, { measure: 'iso', threshold, mode: 'auto', confirm_s: 0 });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ unit: 'ISO', hysteresis: 0, confirm_s: 0 });
    }
    for (const threshold of [4, 10, 7.5]) {
      const res = await create(owner, { measure: 'iso', threshold, mode: 'auto' });
      expect(res.status).toBe(422);
      expect(res.body.violations).toEqual([
        {
          propertyPath: 'threshold',
          code: 'iso_threshold',
          message: 'Le seuil ISO doit être compris entre 5 et 9',
        },
      ]);
    }
  });

  it('answers 422 with the field of each bad input, never storing it', async () => {
    const cases: [object, string, string][] = [
      [{ threshold: 1000, mode: 'auto' }, 'measure', 'required'],
      [{ ...CO2, measure: 'noise' }, 'measure', 'invalid_choice'],
      [{ ...CO2, mode: 'turbo' }, 'mode', 'invalid_choice'],
      [{ ...CO2, threshold: 'high' }, 'threshold', 'numeric'],
      [{ ...CO2, threshold: 20_000 }, 'threshold', 'max_value'],
      [{ ...CO2, confirm_s: -1 }, 'confirm_s', 'min_value'],
      [{ ...CO2, confirm_s: 1.5 }, 'confirm_s', 'integer'],
      [{ ...CO2, hysteresis: -5 }, 'hysteresis', 'min_value'],
      [{ ...CO2, colour: 'red' }, '', 'unknown_field'],
    ];
    const before = await request(t.url)
      .get(`/api/sensors/${sensorId}/alert_rules`)
      .set('Cookie', owner.cookie);
    for (const [body, propertyPath, code] of cases) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.violations).toContainEqual(
        expect.objectContaining({ ...(propertyPath ? { propertyPath } : {}), code }),
      );
    }
    const after = await request(t.url)
      .get(`/api/sensors/${sensorId}/alert_rules`)
      .set('Cookie', owner.cookie);
    expect(after.body['hydra:totalItems']).toBe(before.body['hydra:totalItems']);
  });

  it('asks for the noise confirmation of an enabled boost rule', async () => {
    const refused = await create(owner, { ...CO2, mode: 'boost' });
    expect(refused.status).toBe(422);
    expect(refused.body['hydra:description']).toBe('alert_rule_noise_confirmation');
    expect(refused.body.violations[0]).toMatchObject({ propertyPath: 'confirm_noise' });
    expect((await create(owner, { ...CO2, mode: 'boost', confirm_noise: true })).status).toBe(201);
    expect((await create(owner, { ...CO2, mode: 'boost', enabled: false })).status).toBe(201);
  });

  it('answers 401 without a session and 404 for a sensor the user cannot see', async () => {
    expect((await create(null, CO2)).status).toBe(401);
    const other = await create(stranger, CO2);
    expect(other.status).toBe(404);
    expect(other.body['hydra:description']).toBe('not_found');
    expect((await create(owner, CO2, ulid())).status).toBe(404);
    expect((await create(owner, CO2, 'not-a-ulid')).status).toBe(404);
  });

  it('lets technicians and admins define rules on any sensor', async () => {
    expect((await create(tech, CO2)).status).toBe(201);
  });
});

describe('GET /api/sensors/{ulid}/alert_rules', () => {
  it('lists the rules of the sensor, oldest first, with their state', async () => {
    const sensor = await newSensor();
    await create(owner, CO2, sensor);
    await create(owner, { measure: 'pm25', threshold: 25, mode: 'silence' }, sensor);
    const res = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_rules`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body['hydra:totalItems']).toBe(2);
    expect(res.body['hydra:member'].map((r: { measure: string }) => r.measure)).toEqual([
      'co2',
      'pm25',
    ]);
    expect(res.body['hydra:member'][1]).toMatchObject({ unit: 'µg/m3', hysteresis: 1.25 });
  });

  it('answers 401 and 404', async () => {
    expect((await request(t.url).get(`/api/sensors/${sensorId}/alert_rules`)).status).toBe(401);
    const res = await request(t.url)
      .get(`/api/sensors/${sensorId}/alert_rules`)
      .set('Cookie', stranger.cookie);
    expect(res.status).toBe(404);
  });
});

describe('GET /api/alert_rules/{id}', () => {
  it("dereferences a rule's @id: the same rule as in its sensor's list", async () => {
    const created = await create(owner, CO2);
    const res = await request(t.url).get(created.body['@id']).set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it('answers 401, 404 for a rule of a sensor the user cannot see, 404 for an unknown rule', async () => {
    const created = await create(owner, CO2);
    expect((await request(t.url).get(`/api/alert_rules/${created.body.id}`)).status).toBe(401);
    const hidden = await request(t.url)
      .get(`/api/alert_rules/${created.body.id}`)
      .set('Cookie', stranger.cookie);
    expect(hidden.status).toBe(404);
    const unknown = await request(t.url)
      .get(`/api/alert_rules/${ulid()}`)
      .set('Cookie', owner.cookie);
    expect(unknown.status).toBe(404);
  });
});

describe('PATCH /api/alert_rules/{id}', () => {
  it('disables and enables a rule; enabling a boost rule needs the noise confirmation', async () => {
    const created = await create(owner, { ...CO2, mode: 'boost', enabled: false });
    const id = created.body.id as string;
    const refused = await patch(owner, id, { enabled: true });
    expect(refused.status).toBe(422);
    expect(refused.body['hydra:description']).toBe('alert_rule_noise_confirmation');
    const enabled = await patch(owner, id, { enabled: true, confirm_noise: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, mode: 'boost' });
    const disabled = await patch(owner, id, { enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
  });

  it('validates the merged rule: an ISO rule keeps its threshold in 5..9', async () => {
    const created = await create(owner, { measure: 'iso', threshold: 7, mode: 'auto' });
    const res = await patch(owner, created.body.id, { threshold: 10 });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({
      propertyPath: 'threshold',
      code: 'iso_threshold',
    });
    const moved = await patch(owner, created.body.id, { measure: 'co2', threshold: 1500 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ measure: 'co2', threshold: 1500, hysteresis: 75 });
  });

  it('releases the purifiers of a triggered rule that is disabled, and logs the stop', async () => {
    const { sensor, purifier, rule } = await heldBySensor();

    const res = await patch(owner, rule, { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.triggered).toBe(false);
    const purifierNow = await request(t.url)
      .get(`/api/purifiers/${purifier}`)
      .set('Cookie', owner.cookie);
    expect(purifierNow.body.mode).toBe('silence');
    const history = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_triggers`)
      .set('Cookie', owner.cookie);
    expect(history.body['hydra:member']).toEqual([
      expect.objectContaining({ kind: 'stop', value: null, mode: 'auto', threshold: 1000 }),
    ]);
  });

  it('answers 401, 404 for a rule of a sensor the user cannot see, 404 for an unknown rule', async () => {
    const created = await create(owner, CO2);
    expect((await patch(null, created.body.id, { enabled: false })).status).toBe(401);
    expect((await patch(stranger, created.body.id, { enabled: false })).status).toBe(404);
    expect((await patch(owner, ulid(), { enabled: false })).status).toBe(404);
  });

  it('answers 422 for a bad value', async () => {
    const created = await create(owner, CO2);
    const res = await patch(owner, created.body.id, { confirm_s: 'soon' });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'confirm_s', code: 'numeric' });
  });
});

describe('DELETE /api/alert_rules/{id}', () => {
  it('deletes the rule and keeps its history', async () => {
    const sensor = await newSensor();
    const created = await create(owner, CO2, sensor);
    await t.db.insert(alertTriggers).values({
      id: ulid(),
      ruleId: created.body.id,
      sensorId: sensor,
      kind: 'trigger',
      at: new Date(),
      measure: 'co2',
      value: 1200,
      threshold: 1000,
      mode: 'auto',
    });
    expect(
      (
        await request(t.url)
          .delete(`/api/alert_rules/${created.body.id}`)
          .set('Cookie', stranger.cookie)
      ).status,
    ).toBe(404);
    const res = await request(t.url)
      .delete(`/api/alert_rules/${created.body.id}`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(204);
    const again = await request(t.url)
      .delete(`/api/alert_rules/${created.body.id}`)
      .set('Cookie', owner.cookie);
    expect(again.status).toBe(404);
    const history = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_triggers`)
      .set('Cookie', owner.cookie);
    expect(history.body['hydra:member']).toEqual([
      expect.objectContaining({ kind: 'trigger', rule: null, value: 1200 }),
    ]);
  });

  it('answers 401', async () => {
    expect((await request(t.url).delete(`/api/alert_rules/${ulid()}`)).status).toBe(401);
  });
});

describe('GET /api/alert_triggers/{id}', () => {
  it("dereferences a history entry's @id for whoever views its sensor, 404 for others", async () => {
    const sensor = await newSensor();
    await t.db.insert(alertTriggers).values({
      id: ulid(),
      sensorId: sensor,
      kind: 'trigger',
      at: new Date('2026-03-02T09:00:00Z'),
      measure: 'co2',
      value: 1200,
      threshold: 1000,
      mode: 'auto',
      purifierIds: [],
    });
    const list = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_triggers`)
      .set('Cookie', owner.cookie);
    const entry = list.body['hydra:member'][0];
    const res = await request(t.url).get(entry['@id']).set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(entry);
    expect((await request(t.url).get(entry['@id']).set('Cookie', stranger.cookie)).status).toBe(
      404,
    );
    expect((await request(t.url).get(entry['@id'])).status).toBe(401);
  });
});

describe('GET /api/sensors/{ulid}/alert_triggers', () => {
  it('pages the history newest first, with the purifiers acted on', async () => {
    const purifier = await activate(t, owner, (await exportedKey(t, tech)).key);
    const sensor = await newSensor();
    const base = Date.parse('2026-03-02T09:00:00Z');
    await t.db.insert(alertTriggers).values(
      Array.from({ length: 25 }, (_, i) => ({
        id: ulid(),
        sensorId: sensor,
        kind: (i % 2 === 0 ? 'trigger' : 'stop') as 'trigger' | 'stop',
        at: new Date(base + i * 60_000),
        measure: 'co2',
        value: 1000 + i,
        threshold: 1000,
        mode: 'auto',
        purifierIds: [purifier.ulid],
      })),
    );
    const first = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_triggers`)
      .set('Cookie', owner.cookie);
    expect(first.status).toBe(200);
    expect(first.body['hydra:totalItems']).toBe(25);
    expect(first.body['hydra:member']).toHaveLength(20);
    expect(first.body['hydra:member'][0]).toMatchObject({
      kind: 'trigger',
      value: 1024,
      unit: 'ppm',
      at: new Date(base + 24 * 60_000).toISOString(),
      purifiers: [{ ulid: purifier.ulid, name: expect.any(String) }],
    });
    expect(first.body['hydra:view']['hydra:next']).toContain('page=2');
    const second = await request(t.url)
      .get(`/api/sensors/${sensor}/alert_triggers?page=2`)
      .set('Cookie', owner.cookie);
    expect(second.body['hydra:member'].map((m: { value: number }) => m.value)).toEqual([
      1004, 1003, 1002, 1001, 1000,
    ]);
  });

  it('answers 401, 404 and 422 for a bad page', async () => {
    expect((await request(t.url).get(`/api/sensors/${sensorId}/alert_triggers`)).status).toBe(401);
    expect(
      (
        await request(t.url)
          .get(`/api/sensors/${sensorId}/alert_triggers`)
          .set('Cookie', stranger.cookie)
      ).status,
    ).toBe(404);
    const bad = await request(t.url)
      .get(`/api/sensors/${sensorId}/alert_triggers?page=0`)
      .set('Cookie', owner.cookie);
    expect(bad.status).toBe(422);
  });
});

describe('a purifier held by a rule', () => {
  async function heldPurifier() {
    const purifier = await activate(t, owner, (await exportedKey(t, tech)).key);
    const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifier.ulid));
    const held = ruleDesired({ ...row!.desired, mode: 'silence' }, 'boost', new Date());
    await t.db.update(purifiers).set({ desired: held! }).where(eq(purifiers.id, purifier.ulid));
    return purifier.ulid;
  }

  it("gives way at once to the user's own mode change", async () => {
    const id = await heldPurifier();
    const res = await request(t.url)
      .patch(`/api/purifiers/${id}`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ mode: 'off' }));
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('off');
    expect(res.body.desired).toMatchObject({ source: 'user', base: null });
  });

  it('keeps the rule mode over an integration, which changes what is restored', async () => {
    const id = await heldPurifier();
    const { row } = await changePurifier(
      t.ctx,
      id,
      { mode: 'auto' },
      { user: null, source: 'network', actorId: owner.user.id },
    );
    expect(row.desired).toMatchObject({
      mode: 'boost',
      source: 'rule',
      base: { mode: 'auto', source: 'network' },
    });
  });
});

describe('a sensor whose triggered rule holds a purifier', () => {
  const modeOf = async (id: string) =>
    (await request(t.url).get(`/api/purifiers/${id}`).set('Cookie', owner.cookie)).body.mode;

  it('releases the purifier at once when it is unlinked, and holds one linked meanwhile', async () => {
    const { sensor, purifier } = await heldBySensor();
    expect(await modeOf(purifier)).toBe('auto');
    const other = await activate(t, owner, (await exportedKey(t, tech)).key);
    const res = await request(t.url)
      .put(`/api/sensors/${sensor}/purifiers`)
      .set('Cookie', owner.cookie)
      .send({ purifiers: [other.ulid] });
    expect(res.status).toBe(200);
    expect(await modeOf(purifier)).toBe('silence');
    expect(await modeOf(other.ulid)).toBe('auto');
  });

  it('releases the purifier at once when the sensor is deleted', async () => {
    const { sensor, purifier } = await heldBySensor();
    const res = await request(t.url).delete(`/api/sensors/${sensor}`).set('Cookie', owner.cookie);
    expect(res.status).toBe(204);
    expect(await modeOf(purifier)).toBe('silence');
  });
});

describe('a triggered rule stopped by a user', () => {
  /** The alert_stopped notifications recorded for `userId`, oldest first. */
  const stopsOf = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${userId} AND ${notifications.type} = 'alert_stopped'`)
      .orderBy(notifications.createdAt, notifications.id);
  const by = (session: Session) => ({
    ulid: session.user.id,
    name: `${session.user.firstname} ${session.user.lastname}`,
  });

  it('tells the owner and the users it is shared with, by mail and webhook, who disabled it', async () => {
    const { sensor, purifier, rule } = await heldBySensor();
    const guest = await signIn(t);
    await acceptedShare(t, owner, guest, { sensors: [sensor] });
    // The guest wants stops by e-mail too (off by default) and has a webhook.
    await t.db.insert(webhooks).values({
      id: ulid(),
      userId: guest.user.id,
      url: 'https://hooks.example.test/aircloud',
      secretSealed: 'sealed',
    });
    const prefs = await request(t.url)
      .put('/api/me/notification_preferences')
      .set('Cookie', guest.cookie)
      .send({ channels: { alert_stopped: { email: true } } });
    expect(prefs.status).toBe(200);

    expect((await patch(owner, rule, { enabled: false })).status).toBe(200);

    const payload = {
      machine_name: expect.any(String),
      rule_ulid: rule,
      measure: 'co2',
      value: null,
      threshold: 1000,
      mode: 'auto',
      purifiers: [expect.objectContaining({ ulid: purifier })],
      reason: 'disabled',
      stopped_by: by(owner),
    };
    for (const user of [owner.user.id, guest.user.id]) {
      const rows = (await stopsOf(user)).filter((n) => n.machineId === sensor);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.payload).toEqual(payload);
      expect(rows[0]).toMatchObject({ machineKind: 'sensor', machineId: sensor, inApp: true });
    }
    const [guestStop] = await stopsOf(guest.user.id);
    expect(guestStop!.channels).toEqual(['email', 'webhook']);
    const [mail] = await t.db.select().from(mails).where(eq(mails.id, guestStop!.id));
    expect(mail).toMatchObject({ to: guest.user.email, template: 'notification' });
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.notificationId, guestStop!.id));
    expect(deliveries).toHaveLength(1);

    // The list answers it as any notification, with who and why.
    const list = await request(t.url).get('/api/notifications').set('Cookie', guest.cookie);
    expect(list.body['hydra:member'][0]).toMatchObject({ type: 'alert_stopped', payload });
  });

  it('says "edited" for a change of condition and "deleted" for a deletion, by their author', async () => {
    const guest = await signIn(t);
    const edited = await heldBySensor();
    await acceptedShare(t, owner, guest, { sensors: [edited.sensor] });
    expect((await patch(owner, edited.rule, { threshold: 1200 })).status).toBe(200);
    const deleted = await heldBySensor();
    const res = await request(t.url)
      .delete(`/api/alert_rules/${deleted.rule}`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(204);

    const stops = (await stopsOf(owner.user.id)).filter((n) =>
      [edited.sensor, deleted.sensor].includes(n.machineId!),
    );
    expect(stops.map((n) => [n.machineId, n.payload.reason, n.payload.stopped_by])).toEqual([
      [edited.sensor, 'edited', by(owner)],
      [deleted.sensor, 'deleted', by(owner)],
    ]);
    expect((await stopsOf(guest.user.id)).map((n) => n.payload.reason)).toEqual(['edited']);
  });

  it('is not held back by flapping control (the trigger was just told)', async () => {
    const { rule } = await heldBySensor();
    await t.db.execute(sql`
      INSERT INTO notification_throttles (user_id, key, last_at, suppressed)
      VALUES (${owner.user.id}, ${`rule:${rule}`}, now(), 0)`);
    const before = (await stopsOf(owner.user.id)).length;
    expect((await patch(owner, rule, { enabled: false })).status).toBe(200);
    const after = await stopsOf(owner.user.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.payload).toMatchObject({ rule_ulid: rule, reason: 'disabled' });
  });

  it('tells nothing when an untriggered rule is disabled', async () => {
    const sensor = await newSensor();
    const created = await create(owner, CO2, sensor);
    expect((await patch(owner, created.body.id, { enabled: false })).status).toBe(200);
    expect((await stopsOf(owner.user.id)).filter((n) => n.machineId === sensor)).toEqual([]);
  });

  it('tells the purifiers an unlink released, and nothing for one still linked', async () => {
    const { sensor, purifier, rule } = await heldBySensor();
    const other = await activate(t, owner, (await exportedKey(t, tech)).key);
    await linkPurifier(t.db, sensor, other.ulid);
    const res = await request(t.url)
      .put(`/api/sensors/${sensor}/purifiers`)
      .set('Cookie', owner.cookie)
      .send({ purifiers: [other.ulid] });
    expect(res.status).toBe(200);
    const stops = (await stopsOf(owner.user.id)).filter((n) => n.machineId === sensor);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.payload).toMatchObject({
      rule_ulid: rule,
      reason: 'unlinked',
      stopped_by: by(owner),
      purifiers: [{ ulid: purifier, name: expect.any(String) }],
    });
    // Putting the same list again releases nothing: nothing more is told.
    await request(t.url)
      .put(`/api/sensors/${sensor}/purifiers`)
      .set('Cookie', owner.cookie)
      .send({ purifiers: [other.ulid] });
    expect((await stopsOf(owner.user.id)).filter((n) => n.machineId === sensor)).toHaveLength(1);
  });
});

describe('telemetry of a sensor with rules', () => {
  it('queues a fast alert-rules job for the sensors with enabled rules only', async () => {
    const { sensor: withRule, secret } = await provisionSensor(t.db, {
      serialNumber: 'FAST-1',
      userId: owner.user.id,
    });
    const { sensor: without, secret: otherSecret } = await provisionSensor(t.db, {
      serialNumber: 'FAST-2',
      userId: owner.user.id,
    });
    expect((await create(owner, CO2, withRule.id)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500)); // the server's rule-sensor cache refreshes
    for (const [serial, key] of [
      ['FAST-1', secret],
      ['FAST-2', otherSecret],
    ] as const) {
      const res = await request(t.url)
        .post('/device/v1/telemetry')
        .auth(serial, key)
        .send({ ts: new Date().toISOString(), measures: { co2: 1200 } });
      expect(res.status).toBe(200);
    }
    const queue = new Queue('alert-rules', {
      connection: redisOptionsFromUrl(t.config.redisUrl),
      prefix: bullPrefix(t.config.redisPrefix),
    });
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      const sensors = jobs.flatMap((job) => (job.data as { sensorIds: string[] }).sensorIds);
      expect(sensors).toContain(withRule.id);
      expect(sensors).not.toContain(without.id);
    } finally {
      await queue.close();
    }
  });
});

describe('schema guard', () => {
  it('refuses an ISO rule outside 5..9 even written directly', async () => {
    await expect(
      t.db.execute(sql`INSERT INTO alert_rules (id, sensor_id, measure, threshold, mode)
        VALUES (${ulid()}, ${sensorId}, 'iso', 4, 'auto')`),
    ).rejects.toThrow();
  });
});
