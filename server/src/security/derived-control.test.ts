/**
 * Derived control paths (docs/security.md "When access ends, control ends"): for each way a
 * purifier can be changed without its page (a rule through a sensor link, a schedule, the Meraki
 * webhook, the device itself), the question asked after the access behind it ended: can it still
 * change the purifier's desired state? Every answer must be no, and the owner must see it.
 * authorization-matrix.test.ts covers the endpoints; this file the paths that outlive a request.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeviceClientToServerEvents,
  DeviceServerToClientEvents,
} from '@aircloud/shared/devices';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { networkEvents, productKeys, purifiers, sensorPurifiers } from '@aircloud/core/db/schema';
import { evaluateSensor } from '@aircloud/core/alert-rules/evaluation';
import { acceptedShare, openSocket, type ClientSocket } from '../../test/support/invitations.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

let t: TestApp;
let tech: Session;
let admin: Session;
const sockets: ClientSocket[] = [];
const deviceSockets: Socket[] = [];
let nextSensor = 1;
let clock = Date.now() - 60_000;

beforeAll(async () => {
  t = await startTestApp();
  [tech, admin] = await Promise.all([signIn(t, 'ROLE_TECHNICIAN'), signIn(t, 'ROLE_ADMIN')]);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  deviceSockets.forEach((s) => s.disconnect());
  await t?.stop();
});

/** A purifier's /device socket, as its firmware opens it. */
function connectDevice(serial: string, secret: string) {
  const socket: Socket<DeviceServerToClientEvents, DeviceClientToServerEvents> = connect(
    `${t.url}/device`,
    { transports: ['websocket'], reconnection: false, auth: { serial, secret } },
  );
  deviceSockets.push(socket);
  return socket;
}

const basic = (serial: string, secret: string) =>
  `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}`;

interface TestSensor {
  id: string;
  serial: string;
  secret: string;
}

async function sensorOf(owner: Session): Promise<TestSensor> {
  const { sensor, secret } = await provisionSensor(t.db, {
    serialNumber: `DERIVED-${process.pid}-${nextSensor++}`,
    userId: owner.user.id,
  });
  return { id: sensor.id, serial: sensor.serialNumber, secret };
}

async function purifierOf(owner: Session) {
  const key = await exportedKey(t, tech);
  const purifier = await activate(t, owner, key.key);
  return { id: purifier.ulid, serial: key.serialNumber, key: key.key, keyId: key.id };
}

/** The sensor device posts one CO2 sample (a fresh timestamp each time), then rules judge it. */
async function co2(sensor: TestSensor, value: number) {
  clock += 1000;
  await request(t.url)
    .post('/device/v1/telemetry')
    .set('Authorization', basic(sensor.serial, sensor.secret))
    .send({ ts: new Date(clock).toISOString(), measures: { co2: value } })
    .expect(200);
  await evaluateSensor(t.db, sensor.id);
}

async function desired(purifierId: string): Promise<DesiredState> {
  const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifierId));
  return row!.desired;
}

function link(session: Session, sensorId: string, purifierIds: string[]) {
  return request(t.url)
    .put(`/api/sensors/${sensorId}/purifiers`)
    .set('Cookie', session.cookie)
    .send({ purifiers: purifierIds });
}

async function boostRule(session: Session, sensorId: string): Promise<string> {
  const res = await request(t.url)
    .post(`/api/sensors/${sensorId}/alert_rules`)
    .set('Cookie', session.cookie)
    .send({ measure: 'co2', threshold: 900, mode: 'boost', confirm_s: 0, confirm_noise: true });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

function revoke(owner: Session, invitationId: string) {
  return request(t.url)
    .delete(`/api/invitations/${invitationId}`)
    .set('Cookie', owner.cookie)
    .expect(204);
}

function patchPurifier(session: Session, id: string, body: object) {
  return request(t.url)
    .patch(`/api/purifiers/${id}`)
    .set('Cookie', session.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send(JSON.stringify(body));
}

const EVERY_DAY_BOOST = {
  days: Array.from({ length: 7 }, () => [{ start: '00:00', mode: 'boost' }]),
};

describe('a rule through a sensor link, after the share behind it ended', () => {
  it("a revoked invitee's own sensor, link and rule stop driving the owner's purifier at once", async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(invitee);
    const share = await acceptedShare(t, owner, invitee, { purifiers: [purifier.id] });
    expect((await link(invitee, sensor.id, [purifier.id])).status).toBe(200);
    await boostRule(invitee, sensor.id);

    // While shared, the owner sees the link on the purifier's page, made by the invitee.
    const page = await request(t.url)
      .get(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(page.body.linked_sensors).toEqual([
      expect.objectContaining({ ulid: sensor.id, visible: false }),
    ]);
    await co2(sensor, 1200);
    expect((await desired(purifier.id)).mode).toBe('boost');

    await revoke(owner, share);
    // Released in the revocation's own transaction: back to what the owner had.
    expect(await desired(purifier.id)).toMatchObject({ mode: 'auto', base: null });
    const links = await t.db
      .select()
      .from(sensorPurifiers)
      .where(eq(sensorPurifiers.purifierId, purifier.id));
    expect(links).toEqual([]);
    const own = await request(t.url)
      .get(`/api/sensors/${sensor.id}`)
      .set('Cookie', invitee.cookie)
      .expect(200);
    expect(own.body.purifiers).toEqual([]);

    await co2(sensor, 600);
    await co2(sensor, 1500);
    expect((await desired(purifier.id)).mode).toBe('auto');
  });

  it("an invitee's rule on the owner's sensor releases its hold when the share is revoked", async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(owner);
    expect((await link(owner, sensor.id, [purifier.id])).status).toBe(200);
    const share = await acceptedShare(t, owner, invitee, {
      purifiers: [purifier.id],
      sensors: [sensor.id],
    });
    const rule = await boostRule(invitee, sensor.id);
    await co2(sensor, 1200);
    expect((await desired(purifier.id)).mode).toBe('boost');

    await revoke(owner, share);
    expect((await desired(purifier.id)).mode).toBe('auto');
    // The owner's link stays; the invitee's rule stays on the owner's sensor, driving nothing.
    const rules = await request(t.url)
      .get(`/api/sensors/${sensor.id}/alert_rules`)
      .set('Cookie', owner.cookie)
      .expect(200);
    const theirs = rules.body['hydra:member'].find((r: { id: string }) => r.id === rule);
    expect(theirs.not_driving).toEqual([expect.objectContaining({ ulid: purifier.id })]);
    await co2(sensor, 600);
    await co2(sensor, 1500);
    expect((await desired(purifier.id)).mode).toBe('auto');
  });

  it('taking the purifier out of a share, or the invitee leaving it, ends the same way', async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const [first, second] = [await purifierOf(owner), await purifierOf(owner)];
    const sensor = await sensorOf(invitee);
    const share = await acceptedShare(t, owner, invitee, { purifiers: [first.id, second.id] });
    expect((await link(invitee, sensor.id, [first.id, second.id])).status).toBe(200);
    await boostRule(invitee, sensor.id);
    await co2(sensor, 1200);
    expect((await desired(first.id)).mode).toBe('boost');
    expect((await desired(second.id)).mode).toBe('boost');

    // The owner keeps sharing `second` only: `first` is released at once, `second` stays held.
    await request(t.url)
      .patch(`/api/invitations/${share}`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ purifiers: [second.id], sensors: [] }))
      .expect(200);
    expect((await desired(first.id)).mode).toBe('auto');
    expect((await desired(second.id)).mode).toBe('boost');

    // The invitee leaves: `second` is released too.
    await request(t.url)
      .delete(`/api/invitations/${share}`)
      .set('Cookie', invitee.cookie)
      .expect(204);
    expect((await desired(second.id)).mode).toBe('auto');
  });

  it("the owner removes another user's sensor link from the purifier's page", async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(invitee);
    await acceptedShare(t, owner, invitee, { purifiers: [purifier.id] });
    expect((await link(invitee, sensor.id, [purifier.id])).status).toBe(200);
    await boostRule(invitee, sensor.id);
    await co2(sensor, 1200);
    expect((await desired(purifier.id)).mode).toBe('boost');

    // The invitee may not; the owner may, and the hold ends with the link.
    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}/sensors/${sensor.id}`)
      .set('Cookie', invitee.cookie)
      .expect(403);
    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}/sensors/${sensor.id}`)
      .set('Cookie', owner.cookie)
      .expect(204);
    expect((await desired(purifier.id)).mode).toBe('auto');
    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}/sensors/${sensor.id}`)
      .set('Cookie', owner.cookie)
      .expect(404);
  });

  it('a technician reaches every sensor but never drives a purifier they cannot read', async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(owner);
    expect((await link(owner, sensor.id, [purifier.id])).status).toBe(200);
    await request(t.url)
      .get(`/api/purifiers/${purifier.id}`)
      .set('Cookie', tech.cookie)
      .expect(404);
    const rule = await boostRule(tech, sensor.id);
    await co2(sensor, 1500);
    expect((await desired(purifier.id)).mode).toBe('auto');
    const rules = await request(t.url)
      .get(`/api/sensors/${sensor.id}/alert_rules`)
      .set('Cookie', tech.cookie)
      .expect(200);
    const techRule = rules.body['hydra:member'].find((r: { id: string }) => r.id === rule);
    expect(techRule).toMatchObject({ triggered: true });
    expect(techRule.not_driving).toEqual([{ ulid: purifier.id, name: expect.any(String) }]);
  });

  it("a disabled user's rule releases its hold at once and drives nothing until enabled again", async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(owner);
    expect((await link(owner, sensor.id, [purifier.id])).status).toBe(200);
    await boostRule(owner, sensor.id);
    await co2(sensor, 1200);
    expect((await desired(purifier.id)).mode).toBe('boost');
    await request(t.url)
      .put(`/api/users/${owner.user.id}`)
      .set('Cookie', admin.cookie)
      .send({ enabled: false })
      .expect(200);
    expect((await desired(purifier.id)).mode).toBe('auto');
    await co2(sensor, 600);
    await co2(sensor, 1500);
    expect((await desired(purifier.id)).mode).toBe('auto');
  });
});

describe('a schedule, after its author lost control', () => {
  it("an invitee's weekly plan is taken off when the share ends", async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    const share = await acceptedShare(t, owner, invitee, { purifiers: [purifier.id] });
    expect((await patchPurifier(invitee, purifier.id, { schedule: EVERY_DAY_BOOST })).status).toBe(
      200,
    );
    const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifier.id));
    expect(row!.scheduleSetBy).toBe(invitee.user.id);

    await revoke(owner, share);
    const after = await request(t.url)
      .get(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(after.body.schedule).toBeNull();
  });

  it("the owner's own plan stays when a share ends", async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    const share = await acceptedShare(t, owner, invitee, { purifiers: [purifier.id] });
    expect((await patchPurifier(owner, purifier.id, { schedule: EVERY_DAY_BOOST })).status).toBe(
      200,
    );
    await revoke(owner, share);
    expect((await desired(purifier.id)).schedule).not.toBeNull();
  });
});

describe('a change of owner', () => {
  it('leaves the former owner no link, rule, socket, history, Meraki secret or device', async () => {
    const [former, next] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(former);
    const sensor = await sensorOf(former);
    expect((await link(former, sensor.id, [purifier.id])).status).toBe(200);
    await boostRule(former, sensor.id);
    await request(t.url)
      .post(`/api/purifiers/${purifier.id}/maintenance_events`)
      .set('Cookie', former.cookie)
      .send({ type: 'filters', note: 'former owner note' })
      .expect(201);
    const meraki = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/meraki`)
      .set('Cookie', former.cookie)
      .expect(200);
    const oldSecret = meraki.body.shared_secret as string;
    const alert = (alertId: string) => ({
      sharedSecret: oldSecret,
      alertId,
      alertType: 'Sensor change detected',
      alertTypeId: 'sensor_alert',
      deviceModel: 'MT15',
      occurredAt: new Date().toISOString(),
      alertData: { triggerData: [{ trigger: { ts: 1, type: 'co2', sensorValue: 1200 } }] },
    });
    await request(t.url).post(`/webhooks/meraki/${purifier.id}`).send(alert('a-1')).expect(200);
    const deviceSecret = await claimDevice(t, purifier.serial, purifier.key);

    const formerSocket = await openSocket(t, former, sockets);
    const ack = await formerSocket
      .timeout(5000)
      .emitWithAck('subscribe', { purifier: purifier.id });
    expect(ack).toMatchObject({ ok: true });
    const seen: string[] = [];
    formerSocket.on('purifier:updated', (p) => seen.push(p.ulid));
    const revoked = new Promise((resolve) => formerSocket.once('access:revoked', resolve));

    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}`)
      .set('Cookie', former.cookie)
      .expect(204);
    await revoked;
    await activate(t, next, purifier.key);

    // The new owner starts clean.
    const notes = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/maintenance_events`)
      .set('Cookie', next.cookie)
      .expect(200);
    expect(notes.body['hydra:totalItems']).toBe(0);
    const events = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/network_events`)
      .set('Cookie', next.cookie)
      .expect(200);
    expect(events.body['hydra:totalItems']).toBe(0);
    const page = await request(t.url)
      .get(`/api/purifiers/${purifier.id}`)
      .set('Cookie', next.cookie)
      .expect(200);
    expect(page.body.linked_sensors).toEqual([]);
    const newMeraki = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/meraki`)
      .set('Cookie', next.cookie)
      .expect(200);
    expect(newMeraki.body.shared_secret).not.toBe(oldSecret);

    // The former owner's webhook secret, sensor rule and socket drive and see nothing.
    await request(t.url).post(`/webhooks/meraki/${purifier.id}`).send(alert('a-2')).expect(401);
    await co2(sensor, 600);
    await co2(sensor, 1500);
    expect((await desired(purifier.id)).mode).toBe('auto');
    expect((await patchPurifier(next, purifier.id, { mode: 'silence' })).status).toBe(200);
    expect((await patchPurifier(former, purifier.id, { mode: 'boost' })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).not.toContain(purifier.id);

    // The product key the former owner typed never speaks as the device.
    const byKey = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, purifier.key))
      .send({ ts: new Date().toISOString(), mode: 'boost' });
    expect(byKey.status).toBe(401);
    await request(t.url)
      .post('/device/v1/credentials')
      .set('Authorization', basic(purifier.serial, purifier.key))
      .expect(401);

    // The device itself gets its new secret with its next post; once used, the old one dies.
    const handover = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, deviceSecret))
      .send({ ts: new Date().toISOString(), mode: 'silence' })
      .expect(200);
    const rotated = handover.body.credentials?.device_secret as string;
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(deviceSecret);
    expect(handover.headers['cache-control']).toBe('no-store');
    await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, rotated))
      .send({ ts: new Date().toISOString(), mode: 'silence' })
      .expect(200);
    await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, deviceSecret))
      .send({ ts: new Date().toISOString(), mode: 'boost' })
      .expect(401);
  });

  it("a deleted user's purifiers are released: key exported, links and holds gone", async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    const sensor = await sensorOf(owner);
    expect((await link(owner, sensor.id, [purifier.id])).status).toBe(200);
    await boostRule(owner, sensor.id);
    await co2(sensor, 1200);
    expect((await desired(purifier.id)).mode).toBe('boost');

    await request(t.url)
      .delete(`/api/users/${owner.user.id}`)
      .set('Cookie', admin.cookie)
      .expect(204);
    const [key] = await t.db.select().from(productKeys).where(eq(productKeys.id, purifier.keyId));
    expect(key).toMatchObject({ state: 'exported', userId: null });
    const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, purifier.id));
    expect(row).toMatchObject({ userId: null });
    expect(row!.desired.mode).toBe('auto');
    const links = await t.db
      .select()
      .from(sensorPurifiers)
      .where(eq(sensorPurifiers.sensorId, sensor.id));
    expect(links).toEqual([]);
    // Someone else can add it again with the key.
    await activate(t, await signIn(t), purifier.key);
  });
});

describe('the Meraki webhook', () => {
  it('shows its secret to the owner only; a share sees the URL and the history', async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(owner);
    await acceptedShare(t, owner, invitee, { purifiers: [purifier.id] });
    const seen = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/meraki`)
      .set('Cookie', invitee.cookie)
      .expect(200);
    expect(seen.body).toMatchObject({ shared_secret: null });
    expect(seen.body.webhook_url).toContain(purifier.id);
    expect(seen.headers['cache-control']).toContain('no-store');
    await request(t.url)
      .post(`/api/purifiers/${purifier.id}/meraki/rotate-secret`)
      .set('Cookie', invitee.cookie)
      .expect(403);
  });

  it('logs nothing for a post that does not prove the secret; acts only while the owner controls', async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    const settings = await request(t.url)
      .get(`/api/purifiers/${purifier.id}/meraki`)
      .set('Cookie', owner.cookie)
      .expect(200);
    await request(t.url)
      .post(`/webhooks/meraki/${purifier.id}`)
      .set('Content-Type', 'text/plain')
      .send('not json at all')
      .expect(400);
    await request(t.url)
      .post(`/webhooks/meraki/${purifier.id}`)
      .send({ alertId: 'x', occurredAt: 'garbage' })
      .expect(401);
    const logged = await t.db
      .select()
      .from(networkEvents)
      .where(eq(networkEvents.purifierId, purifier.id));
    expect(logged).toEqual([]);

    await request(t.url)
      .put(`/api/users/${owner.user.id}`)
      .set('Cookie', admin.cookie)
      .send({ enabled: false })
      .expect(200);
    await request(t.url)
      .post(`/webhooks/meraki/${purifier.id}`)
      .send({
        sharedSecret: settings.body.shared_secret,
        alertId: 'disabled-1',
        alertType: 'Sensor change detected',
        alertTypeId: 'sensor_alert',
        deviceModel: 'MT15',
        occurredAt: new Date().toISOString(),
        alertData: { triggerData: [{ trigger: { ts: 1, type: 'co2', sensorValue: 1200 } }] },
      })
      .expect(404);
    expect((await desired(purifier.id)).source).toBe('user');
  });
});

describe('what a share may not do', () => {
  it('publish the sensor, cancel its import, delete its history or the rules of others', async () => {
    const [owner, invitee] = await Promise.all([signIn(t), signIn(t)]);
    const sensor = await sensorOf(owner);
    await acceptedShare(t, owner, invitee, { sensors: [sensor.id] });
    const ownerRule = await boostRule(owner, sensor.id);
    const inviteeRule = await boostRule(invitee, sensor.id);

    const publish = await request(t.url)
      .patch(`/api/sensors/${sensor.id}`)
      .set('Cookie', invitee.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ is_public: true }));
    expect(publish.status).toBe(403);
    const rename = await request(t.url)
      .patch(`/api/sensors/${sensor.id}`)
      .set('Cookie', invitee.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ name: 'Renamed by a share' }));
    expect(rename.status).toBe(200);
    await request(t.url)
      .delete(`/api/sensors/${sensor.id}/measures`)
      .set('Cookie', invitee.cookie)
      .expect(403);

    const upload = await request(t.url)
      .post(`/api/sensors/${sensor.id}/imports`)
      .set('Cookie', owner.cookie)
      .attach('file', Buffer.from('date,co2 (ppm)\n20/11/2026 10:00,400\n'), {
        filename: 'data.csv',
        contentType: 'text/csv',
      });
    expect(upload.status).toBe(202);
    await request(t.url)
      .delete(`/api/sensor_imports/${upload.body.id}`)
      .set('Cookie', invitee.cookie)
      .expect(403);

    const list = await request(t.url)
      .get(`/api/sensors/${sensor.id}/alert_rules`)
      .set('Cookie', invitee.cookie)
      .expect(200);
    const deletable = Object.fromEntries(
      list.body['hydra:member'].map((r: { id: string; deletable: boolean }) => [r.id, r.deletable]),
    );
    expect(deletable).toEqual({ [ownerRule]: false, [inviteeRule]: true });
    await request(t.url)
      .delete(`/api/alert_rules/${ownerRule}`)
      .set('Cookie', invitee.cookie)
      .expect(403);
    await request(t.url)
      .delete(`/api/alert_rules/${inviteeRule}`)
      .set('Cookie', invitee.cookie)
      .expect(204);
  });
});

describe('device credentials', () => {
  it('exchanges the claim key once; the key never authenticates telemetry or the socket', async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    const byKey = await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, purifier.key))
      .send({ ts: new Date().toISOString(), mode: 'auto' });
    expect(byKey.status).toBe(401);
    const secret = await claimDevice(t, purifier.serial, purifier.key);
    await request(t.url)
      .post('/device/v1/credentials')
      .set('Authorization', basic(purifier.serial, purifier.key))
      .expect(401);
    await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, secret))
      .send({ ts: new Date().toISOString(), mode: 'auto' })
      .expect(200);
  });

  it("hands a new owner's rotation to the device's open socket, then retires the old secret", async () => {
    const [former, next] = await Promise.all([signIn(t), signIn(t)]);
    const purifier = await purifierOf(former);
    const secret = await claimDevice(t, purifier.serial, purifier.key);
    const device = connectDevice(purifier.serial, secret);
    await new Promise<void>((resolve, reject) => {
      device.once('connect', () => resolve());
      device.once('connect_error', reject);
    });
    const handed = new Promise<string>((resolve) =>
      device.once('credentials', (p) => resolve(p.device_secret)),
    );
    const closed = new Promise((resolve) => device.once('disconnect', resolve));
    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}`)
      .set('Cookie', former.cookie)
      .expect(204);
    await activate(t, next, purifier.key);
    const rotated = await handed;
    // The device uses it: the socket still on the old secret is closed, the old secret refused.
    await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, rotated))
      .send({ ts: new Date().toISOString(), mode: 'auto' })
      .expect(200);
    await closed;
    await request(t.url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(purifier.serial, secret))
      .send({ ts: new Date().toISOString(), mode: 'auto' })
      .expect(401);
  });

  it('refuses the exchange for a purifier nobody claimed', async () => {
    const owner = await signIn(t);
    const purifier = await purifierOf(owner);
    await request(t.url)
      .delete(`/api/purifiers/${purifier.id}`)
      .set('Cookie', owner.cookie)
      .expect(204);
    await request(t.url)
      .post('/device/v1/credentials')
      .set('Authorization', basic(purifier.serial, purifier.key))
      .expect(401);
  });
});
