import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkEvent } from '@aircloud/shared/network-events';
import type { ClientToServerEvents, ServerToClientEvents } from '@aircloud/shared/realtime';
import { networkEvents, purifiers } from '@aircloud/core/db/schema';
import { ruleDesired } from '@aircloud/core/purifiers/desired-state';
import { applyScheduleSlot } from '@aircloud/core/purifiers/schedule';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../../test/support/purifiers.ts';
import {
  airAlertType,
  alertPhase,
  alertTypeOfMetric,
  isClearedAlert,
  merakiAlertType,
} from './alert-mapping.ts';

let t: TestApp;
let tech: Session;
let owner: Session;
let stranger: Session;
let admin: Session;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ MERAKI_RATE_LIMIT: '1000' });
  [tech, owner, stranger, admin] = await Promise.all([
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t),
    signIn(t),
    signIn(t, 'ROLE_ADMIN'),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.stop();
});

/** A new purifier of `owner` and its webhook secret read from the API. */
async function purifierWithSecret(): Promise<{ ulid: string; secret: string; url: string }> {
  const key = await exportedKey(t, tech);
  const purifier = await activate(t, owner, key.key);
  const res = await request(t.url)
    .get(`/api/purifiers/${purifier.ulid}/meraki`)
    .set('Cookie', owner.cookie);
  expect(res.status).toBe(200);
  return { ulid: purifier.ulid, secret: res.body.shared_secret, url: res.body.webhook_url };
}

let alertSeq = 0;
/** Cisco Meraki's body of an MT sensor alert (an extra unknown field included). */
function merakiBody(secret: string | undefined, overrides: Record<string, unknown> = {}) {
  alertSeq += 1;
  return {
    version: '0.1',
    sharedSecret: secret,
    sentAt: '2026-11-21T10:00:05.000000Z',
    organizationId: '123456',
    organizationName: 'Acme',
    organizationUrl: 'https://n1.meraki.com/o/abc/manage/organization/overview',
    networkId: 'N_24329156',
    networkName: 'Office',
    networkUrl: 'https://n1.meraki.com/Office/n/abc/manage/nodes/list',
    networkTags: [],
    deviceSerial: 'Q2XX-XXXX-XXXX',
    deviceMac: '00:11:22:33:44:55',
    deviceName: 'MT15 meeting room',
    deviceUrl: 'https://n1.meraki.com/Office/n/abc/manage/nodes/new_list/1',
    deviceTags: [],
    deviceModel: 'MT15',
    alertId: `64306000${alertSeq}`,
    alertType: 'Sensor change detected',
    alertTypeId: 'sensor_alert',
    alertLevel: 'informational',
    occurredAt: '2026-11-21T10:00:00.000000Z',
    alertData: {
      alertConfigId: 7,
      alertConfigName: 'CO2 too high',
      startedAlerting: true,
      triggerData: [
        {
          conditionId: 1,
          trigger: { ts: 1_795_000_000, type: 'co2', nodeId: 1, sensorValue: 1250.5 },
        },
      ],
    },
    ...overrides,
  };
}

function post(ulid: string, body: unknown) {
  const req = request(t.url).post(`/webhooks/meraki/${ulid}`);
  return typeof body === 'string'
    ? req.set('Content-Type', 'application/json').send(body)
    : req.send(body as object);
}

async function setMode(ulid: string, mode: string) {
  const res = await request(t.url)
    .patch(`/api/purifiers/${ulid}`)
    .set('Cookie', owner.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send({ mode });
  expect(res.status).toBe(200);
}

async function desiredOf(ulid: string) {
  const [row] = await t.db.select().from(purifiers).where(eq(purifiers.id, ulid));
  return row!.desired;
}

async function eventsOf(ulid: string, cookie = owner.cookie) {
  const res = await request(t.url)
    .get(`/api/purifiers/${ulid}/network_events`)
    .set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body as { 'hydra:member': NetworkEvent[]; 'hydra:totalItems': number };
}

describe('GET /api/purifiers/{ulid}/meraki', () => {
  it('answers the webhook URL and a stable secret to those who can access the purifier', async () => {
    const p = await purifierWithSecret();
    expect(p.url).toBe(`${PUBLIC_URL}/webhooks/meraki/${p.ulid}`);
    expect(p.secret).toMatch(/^[\w-]{32}$/);
    const again = await request(t.url)
      .get(`/api/purifiers/${p.ulid}/meraki`)
      .set('Cookie', admin.cookie);
    expect(again.body.shared_secret).toBe(p.secret);
    const other = await request(t.url)
      .get(`/api/purifiers/${p.ulid}/meraki`)
      .set('Cookie', stranger.cookie);
    expect(other.status).toBe(404);
    expect((await request(t.url).get(`/api/purifiers/${p.ulid}/meraki`)).status).toBe(401);
  });

  it('rotates the secret: the old one is refused, the new one accepted', async () => {
    const p = await purifierWithSecret();
    const res = await request(t.url)
      .post(`/api/purifiers/${p.ulid}/meraki/rotate-secret`)
      .set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body.shared_secret).not.toBe(p.secret);
    expect((await post(p.ulid, merakiBody(p.secret))).status).toBe(401);
    expect((await post(p.ulid, merakiBody(res.body.shared_secret))).status).toBe(200);
    const strangerRotate = await request(t.url)
      .post(`/api/purifiers/${p.ulid}/meraki/rotate-secret`)
      .set('Cookie', stranger.cookie);
    expect(strangerRotate.status).toBe(404);
  });
});

describe('POST /webhooks/meraki/{ulid}', () => {
  it('an alert with the right secret sets the purifier to auto (source network) and is logged', async () => {
    const p = await purifierWithSecret();
    await request(t.url)
      .patch(`/api/purifiers/${p.ulid}`)
      .set('Cookie', owner.cookie)
      .send({ mode: 'off' });
    const before = await desiredOf(p.ulid);
    const res = await post(p.ulid, merakiBody(p.secret));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      duplicate: false,
      mode: 'auto',
      alert_type: 'co2',
      applied: true,
    });
    const desired = await desiredOf(p.ulid);
    expect(desired).toMatchObject({ mode: 'auto', source: 'network', version: before.version + 1 });
    const events = await eventsOf(p.ulid);
    expect(events['hydra:totalItems']).toBe(1);
    expect(events['hydra:member'][0]).toMatchObject({
      '@type': 'NetworkEvent',
      mode: 'auto',
      alert_type: 'co2',
      alert_name: 'Sensor change detected',
      date: '2026-11-21T10:00:00.000Z',
      applied: true,
      error: null,
    });
    // The secret is never stored with the event.
    const [row] = await t.db
      .select()
      .from(networkEvents)
      .where(eq(networkEvents.purifierId, p.ulid));
    expect(JSON.stringify(row!.raw)).not.toContain(p.secret);
  });

  it('a cleared alert gives back the mode in force before it (silence here)', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'silence');
    const fired = merakiBody(p.secret);
    expect((await post(p.ulid, fired)).body.mode).toBe('auto');
    // Worded by another sender: no startedAlerting, the same alertId, clear words.
    const cleared = {
      ...fired,
      alertType: 'Sensor alert cleared',
      alertData: { triggerData: fired.alertData.triggerData, cleared: true },
    };
    const res = await post(p.ulid, cleared);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'silent', alert_type: 'co2', duplicate: false });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'silence', source: 'user' });
    // Recovery worded only in the alert type, metric inherited from the alert it ends.
    const firedAgain = merakiBody(p.secret, {
      alertData: {
        alertConfigId: 8,
        startedAlerting: true,
        triggerData: fired.alertData.triggerData,
      },
    });
    await post(p.ulid, firedAgain);
    const recovered = await post(p.ulid, {
      ...firedAgain,
      alertType: 'Air quality back to normal',
      alertData: {},
    });
    expect(recovered.body).toMatchObject({ mode: 'silent', alert_type: 'co2', applied: true });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'silence' });
  });

  it('refuses a wrong or missing secret with 401 and logs nothing', async () => {
    const p = await purifierWithSecret();
    const wrong = await post(p.ulid, merakiBody(`${p.secret}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.body['hydra:description']).toBe('unauthorized');
    expect((await post(p.ulid, merakiBody(undefined))).status).toBe(401);
    expect((await post(p.ulid, merakiBody(''))).status).toBe(401);
    expect((await eventsOf(p.ulid))['hydra:totalItems']).toBe(0);
  });

  it('ignores a repeated alertId (200 duplicate) without changing the purifier again', async () => {
    const p = await purifierWithSecret();
    const body = merakiBody(p.secret);
    expect((await post(p.ulid, body)).body.duplicate).toBe(false);
    const version = (await desiredOf(p.ulid)).version;
    const again = await post(p.ulid, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true });
    expect((await desiredOf(p.ulid)).version).toBe(version);
    expect((await eventsOf(p.ulid))['hydra:totalItems']).toBe(1);
  });

  it('logs an alert of an unknown type with mode unknown and leaves the purifier alone', async () => {
    const p = await purifierWithSecret();
    const before = await desiredOf(p.ulid);
    const res = await post(
      p.ulid,
      merakiBody(p.secret, {
        alertType: 'Door opened',
        alertTypeId: 'sensor_alert',
        alertData: { triggerData: [{ trigger: { ts: 1, type: 'door', sensorValue: 1 } }] },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'unknown', alert_type: 'unknown', applied: false });
    expect((await desiredOf(p.ulid)).version).toBe(before.version);
    expect((await eventsOf(p.ulid))['hydra:member'][0]).toMatchObject({ mode: 'unknown' });
  });

  it("maps Meraki's own metric names", async () => {
    const p = await purifierWithSecret();
    const cases: [string, string][] = [
      ['noise', 'ambient_noise'],
      ['TVOC', 'tvoc'],
      ['PM2.5', 'pm25'],
      ['pm25', 'pm25'],
      ['indoorAirQuality', 'iaq_index'],
      ['iaq', 'iaq_index'],
      ['realCo2', 'real_co2'],
      ['temperature', 'temperature'],
      ['humidity', 'humidity'],
    ];
    for (const [metric, expected] of cases) {
      const res = await post(
        p.ulid,
        merakiBody(p.secret, {
          alertData: { triggerData: [{ trigger: { ts: 1, type: metric, sensorValue: 3 } }] },
        }),
      );
      expect(res.body.alert_type, metric).toBe(expected);
    }
    // Only an MT sensor alert names a measure: words of another alert type id do not.
    const byId = await post(
      p.ulid,
      merakiBody(p.secret, { alertTypeId: 'pm25_threshold', alertData: {} }),
    );
    expect(byId.body.alert_type).toBe('unknown');
  });

  it('answers 400 to a malformed body; logs it for the meraki tab only once it proved the secret', async () => {
    const p = await purifierWithSecret();
    const notJson = await post(p.ulid, '{"alertId": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body['hydra:description']).toBe('invalid_json');
    const missing = await post(p.ulid, { sharedSecret: p.secret, version: '0.1' });
    expect(missing.status).toBe(400);
    expect(missing.body['hydra:description']).toBe('invalid_webhook_body');
    const badDateBody = merakiBody(p.secret, { occurredAt: 'yesterday' });
    const badDate = await post(p.ulid, badDateBody);
    expect(badDate.status).toBe(400);
    // Meraki retries a refused post (a new sentAt): 400 again, logged once.
    const retry = await post(p.ulid, { ...badDateBody, sentAt: '2026-11-21T10:01:05.000000Z' });
    expect(retry.status).toBe(400);
    expect(retry.body['hydra:description']).toBe('invalid_webhook_body');
    const array = await post(p.ulid, '[1,2]');
    expect(array.status).toBe(400);
    const noSecret = await post(p.ulid, { version: '0.1' });
    expect(noSecret.status).toBe(401);
    // Not JSON (no secret can be read) and no secret: nothing logged, whoever knows the URL.
    const events = await eventsOf(p.ulid);
    expect(events['hydra:totalItems']).toBe(2);
    expect(events['hydra:member'].map((e) => e.error)).toEqual([
      'invalid_webhook_body',
      'invalid_webhook_body',
    ]);
    expect(events['hydra:member'].every((e) => e.mode === 'unknown')).toBe(true);
  });

  it('logs a malformed body holding a NUL character (jsonb refuses U+0000), never 500', async () => {
    const p = await purifierWithSecret();
    const broken = await post(p.ulid, '{"alertId": "a\u0000b"');
    expect(broken.status).toBe(400);
    expect(broken.body['hydra:description']).toBe('invalid_json');
    const res = await post(
      p.ulid,
      merakiBody(p.secret, { occurredAt: 'never', alertType: 'nul \u0000 here' }),
    );
    expect(res.status).toBe(400);
    expect(res.body['hydra:description']).toBe('invalid_webhook_body');
    const events = await eventsOf(p.ulid);
    expect(events['hydra:member'].map((e) => e.error)).toEqual(['invalid_webhook_body']);
  });

  it('answers 404 for an unknown purifier', async () => {
    expect((await post('01J9Z3Q6ZP7V8W2M4K5N6R7S8T', merakiBody('x'))).status).toBe(404);
    expect((await post('not-a-ulid', merakiBody('x'))).status).toBe(404);
  });

  it("pushes 'network-event:created' to the owner's sockets", async () => {
    const p = await purifierWithSecret();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: owner.cookie },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed = new Promise<NetworkEvent>((resolve) =>
      socket.on('network-event:created', (event) => {
        if (event.purifier.endsWith(p.ulid)) resolve(event);
      }),
    );
    await post(p.ulid, merakiBody(p.secret));
    expect(await pushed).toMatchObject({ mode: 'auto', alert_type: 'co2' });
  });
});

/** The envelope every Meraki alert shares (Meraki's documented webhook body, "Meraki" template). */
function envelope(
  secret: string,
  device: Record<string, unknown>,
  alert: { alertTypeId: string } & Record<string, unknown>,
) {
  alertSeq += 1;
  return {
    version: '0.1',
    sharedSecret: secret,
    sentAt: '2026-11-21T10:00:05.123456Z',
    organizationId: '2930418',
    organizationName: 'My organization',
    organizationUrl: 'https://dashboard.meraki.com/o/VjjsAd/manage/organization/overview',
    networkId: 'L_123456789012345678',
    networkName: 'Main Office',
    networkUrl: 'https://n1.meraki.com//n//manage/nodes/list',
    networkTags: [],
    deviceTags: ['tag1', 'tag2'],
    deviceMac: '00:11:22:33:44:55',
    deviceUrl: 'https://n1.meraki.com//n//manage/nodes/new_list/000000000000',
    alertId: `0000000000${alertSeq}`,
    alertLevel: 'warning',
    occurredAt: '2026-11-21T10:00:00.000000Z',
    ...device,
    ...alert,
  };
}

/** An MT sensor alert ("Sensor change detected", alertTypeId sensor_alert) start or end. */
function sensorAlert(
  secret: string,
  options: {
    startedAlerting: boolean;
    alertConfigId?: number;
    type?: string;
    value?: number;
    occurredAt?: string;
    model?: string;
  },
) {
  const { alertConfigId = 1234567890, type = 'co2', value = 1312, model = 'MT15' } = options;
  return envelope(
    secret,
    { deviceSerial: 'Q234-ABCD-5678', deviceName: 'Meeting room', deviceModel: model },
    {
      alertType: 'Sensor change detected',
      alertTypeId: 'sensor_alert',
      alertLevel: 'informational',
      occurredAt: options.occurredAt ?? '2026-11-21T10:00:00.000000Z',
      alertData: {
        alertConfigId,
        alertConfigName: 'CO2 above 1000 ppm',
        startedAlerting: options.startedAlerting,
        triggerData: [
          {
            conditionId: '1234567890',
            trigger: { ts: 1_795_255_200.5, type, nodeId: '000000000000', sensorValue: value },
          },
        ],
      },
    },
  );
}

const week = (mode: string) => ({
  days: Array.from({ length: 7 }, () => [{ start: '08:00', mode }]),
});

describe('POST /webhooks/meraki/{ulid}: an MT sensor alert starts and ends', () => {
  it('its end (same alertConfigId, a new alertId, startedAlerting false) gives back the earlier mode; one row with its duration', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'silence');
    const start = await post(p.ulid, sensorAlert(p.secret, { startedAlerting: true }));
    expect(start.body).toMatchObject({ mode: 'auto', alert_type: 'co2', applied: true });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'auto', source: 'network' });
    const endBody = sensorAlert(p.secret, {
      startedAlerting: false,
      value: 870,
      occurredAt: '2026-11-21T10:25:00.000000Z',
    });
    const end = await post(p.ulid, endBody);
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ mode: 'silent', alert_type: 'co2', applied: true });
    expect(end.body.start).toBe(`/api/purifiers/${p.ulid}/network_events/${start.body.ulid}`);
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'silence', source: 'user' });
    // Meraki delivers the end again: nothing more happens.
    const version = (await desiredOf(p.ulid)).version;
    expect((await post(p.ulid, endBody)).body).toMatchObject({ duplicate: true });
    expect((await desiredOf(p.ulid)).version).toBe(version);
    const events = await eventsOf(p.ulid);
    expect(events['hydra:totalItems']).toBe(1);
    expect(events['hydra:member'][0]).toMatchObject({
      ulid: start.body.ulid,
      mode: 'auto',
      alert_config_name: 'CO2 above 1000 ppm',
      date: '2026-11-21T10:00:00.000Z',
      ended_at: '2026-11-21T10:25:00.000Z',
      duration_s: 1500,
      end_applied: true,
    });
  });

  it('an end without a start is logged and changes nothing', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'off');
    const before = await desiredOf(p.ulid);
    const res = await post(p.ulid, sensorAlert(p.secret, { startedAlerting: false }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'silent',
      alert_type: 'co2',
      applied: false,
      start: null,
    });
    expect(await desiredOf(p.ulid)).toEqual(before);
    expect((await eventsOf(p.ulid))['hydra:member'][0]).toMatchObject({
      mode: 'silent',
      ended_at: null,
    });
  });

  it('an end leaves the mode of a schedule slot that began during the alert', async () => {
    const p = await purifierWithSecret();
    const res = await request(t.url)
      .patch(`/api/purifiers/${p.ulid}`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/merge-patch+json')
      .send({ mode: 'silence', schedule: week('boost') });
    expect(res.status).toBe(200);
    await post(p.ulid, sensorAlert(p.secret, { startedAlerting: true }));
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'auto', source: 'network' });
    const slotAt = new Date(Date.now() + 1000);
    const slot = await applyScheduleSlot(
      t.db,
      p.ulid,
      { at: slotAt, mode: 'boost' },
      new Date(slotAt.getTime() + 1000),
    );
    expect(slot.outcome).toBe('applied');
    const end = await post(p.ulid, sensorAlert(p.secret, { startedAlerting: false }));
    expect(end.body).toMatchObject({ mode: 'silent', applied: false });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'boost', source: 'schedule' });
  });

  it('while an alert rule holds the purifier, the start and its end change only what the rule gives back', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'silence');
    // A rule triggered (boost): the arbitration kept silence as the base.
    const held = ruleDesired(await desiredOf(p.ulid), 'boost', new Date())!;
    await t.db.update(purifiers).set({ desired: held }).where(eq(purifiers.id, p.ulid));
    await post(p.ulid, sensorAlert(p.secret, { startedAlerting: true }));
    expect(await desiredOf(p.ulid)).toMatchObject({
      mode: 'boost',
      source: 'rule',
      base: { mode: 'auto', source: 'network' },
    });
    await post(p.ulid, sensorAlert(p.secret, { startedAlerting: false }));
    expect(await desiredOf(p.ulid)).toMatchObject({
      mode: 'boost',
      source: 'rule',
      base: { mode: 'silence', source: 'user' },
    });
  });

  it('with two alerts going on, the first end keeps auto and the last one gives back the earlier mode', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'silence');
    await post(p.ulid, sensorAlert(p.secret, { startedAlerting: true, alertConfigId: 11 }));
    await post(
      p.ulid,
      sensorAlert(p.secret, { startedAlerting: true, alertConfigId: 12, type: 'pm25' }),
    );
    const first = await post(
      p.ulid,
      sensorAlert(p.secret, { startedAlerting: false, alertConfigId: 11 }),
    );
    expect(first.body).toMatchObject({ mode: 'silent', applied: false });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'auto', source: 'network' });
    const last = await post(
      p.ulid,
      sensorAlert(p.secret, { startedAlerting: false, alertConfigId: 12, type: 'pm25' }),
    );
    expect(last.body).toMatchObject({ mode: 'silent', alert_type: 'pm25', applied: true });
    expect(await desiredOf(p.ulid)).toMatchObject({ mode: 'silence', source: 'user' });
    expect((await eventsOf(p.ulid))['hydra:totalItems']).toBe(2);
  });
});

describe('POST /webhooks/meraki/{ulid}: alerts of other Meraki products', () => {
  it('switch, access point and appliance alerts are logged unknown and change nothing', async () => {
    const p = await purifierWithSecret();
    await setMode(p.ulid, 'silence');
    const before = await desiredOf(p.ulid);
    const ms = {
      deviceSerial: 'Q2HP-AAAA-BBBB',
      deviceName: 'Core switch',
      deviceModel: 'MS225-48FP',
    };
    const mr = { deviceSerial: 'Q2PD-CCCC-DDDD', deviceName: 'AP lobby', deviceModel: 'MR46' };
    const mx = { deviceSerial: 'Q2PN-EEEE-FFFF', deviceName: 'Edge', deviceModel: 'MX67' };
    const bodies = [
      envelope(p.secret, ms, {
        alertType: 'Power supply went down',
        alertTypeId: 'power_supply_down',
        alertLevel: 'critical',
        alertData: { num: 1 },
      }),
      envelope(p.secret, ms, {
        alertType: 'Switch port went down',
        alertTypeId: 'port_down',
        alertData: { portNum: 12, description: null, portDesc: 'uplink' },
      }),
      // A switch's temperature, worded as a sensor would be: still not about air.
      envelope(p.secret, ms, {
        alertType: 'Temperature threshold exceeded',
        alertTypeId: 'sensor_alert',
        alertData: { triggerData: [{ trigger: { type: 'temperature', sensorValue: 61 } }] },
      }),
      envelope(p.secret, ms, {
        alertType: 'Settings changed',
        alertTypeId: 'settings_changed',
        alertLevel: 'informational',
        alertData: { name: 'Switch ports', url: '/manage/configure/switch_ports', changes: {} },
      }),
      envelope(p.secret, mr, {
        alertType: 'Air Marshal - Rogue AP detected',
        alertTypeId: 'rogue_ap',
        alertData: {
          minFirstSeen: 1_795_255_200,
          maxLastSeen: 1_795_255_260,
          countIsMinimum: false,
          bssids: ['00:11:22:33:44:66'],
          reason: 'Seen on LAN',
        },
      }),
      envelope(p.secret, mx, {
        alertType: 'VPN connectivity changed',
        alertTypeId: 'vpn_connectivity_change',
        alertData: {
          vpnType: 'site-to-site',
          peerContact: '98.76.54.32:51023',
          peerIdent: '2814a6a2c6a5f36fd9de2ec1b8f36aa2',
          connectivity: 'false',
        },
      }),
      envelope(p.secret, mx, {
        alertType: 'Uplink status changed',
        alertTypeId: 'uplink_status_changed',
        alertData: { uplink: '1', ip: '192.168.1.2' },
      }),
    ];
    for (const body of bodies) {
      const res = await post(p.ulid, body);
      expect(res.status, body.alertTypeId).toBe(200);
      expect(res.body, body.alertTypeId).toMatchObject({
        mode: 'unknown',
        alert_type: 'unknown',
        applied: false,
      });
    }
    expect(await desiredOf(p.ulid)).toEqual(before);
    const events = await eventsOf(p.ulid);
    expect(events['hydra:totalItems']).toBe(bodies.length);
    expect(events['hydra:member'].every((e) => e.mode === 'unknown')).toBe(true);
  });

  it('an MT sensor alert of another measure than air (a door) is unknown too', async () => {
    const p = await purifierWithSecret();
    const res = await post(
      p.ulid,
      sensorAlert(p.secret, { startedAlerting: true, type: 'door', model: 'MT20' }),
    );
    expect(res.body).toMatchObject({ mode: 'unknown', alert_type: 'unknown', applied: false });
  });
});

describe('POST /webhooks/meraki/{ulid} rate limit', () => {
  it('answers 429 past the limit per purifier', async () => {
    const limited = await startTestApp({ MERAKI_RATE_LIMIT: '2' }, { database: t });
    try {
      const p = await purifierWithSecret();
      const send = () =>
        request(limited.url).post(`/webhooks/meraki/${p.ulid}`).send(merakiBody(p.secret));
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body['hydra:description']).toBe('too_many_requests');
    } finally {
      await limited.stop();
    }
  });
});

describe('GET /api/purifiers/{ulid}/network_events', () => {
  it('pages and filters the history, and hides it from others', async () => {
    const p = await purifierWithSecret();
    for (let i = 0; i < 22; i += 1) await post(p.ulid, merakiBody(p.secret));
    await post(
      p.ulid,
      merakiBody(p.secret, {
        alertData: { cleared: true, triggerData: [{ trigger: { type: 'tvoc' } }] },
      }),
    );
    const first = await eventsOf(p.ulid);
    expect(first['hydra:totalItems']).toBe(23);
    expect(first['hydra:member']).toHaveLength(20);
    const page2 = await request(t.url)
      .get(`/api/purifiers/${p.ulid}/network_events?page=2`)
      .set('Cookie', owner.cookie);
    expect(page2.body['hydra:member']).toHaveLength(3);
    const silent = await request(t.url)
      .get(`/api/purifiers/${p.ulid}/network_events?mode=silent`)
      .set('Cookie', owner.cookie);
    expect(silent.body['hydra:totalItems']).toBe(1);
    expect(silent.body['hydra:member'][0].alert_type).toBe('tvoc');
    const bad = await request(t.url)
      .get(`/api/purifiers/${p.ulid}/network_events?mode=loud`)
      .set('Cookie', owner.cookie);
    expect(bad.status).toBe(422);
    expect(
      (
        await request(t.url)
          .get(`/api/purifiers/${p.ulid}/network_events`)
          .set('Cookie', stranger.cookie)
      ).status,
    ).toBe(404);
    expect((await eventsOf(p.ulid, admin.cookie))['hydra:totalItems']).toBe(23);
  });
});

describe('GET /api/purifiers/{ulid}/network_events/{id}', () => {
  it("dereferences an event's @id for whoever views the purifier, 404 for others", async () => {
    const p = await purifierWithSecret();
    await post(p.ulid, merakiBody(p.secret));
    const [event] = (await eventsOf(p.ulid))['hydra:member'];
    const res = await request(t.url).get(event!['@id']).set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(event);
    const hidden = await request(t.url).get(event!['@id']).set('Cookie', stranger.cookie);
    expect(hidden.status).toBe(404);
    expect((await request(t.url).get(event!['@id'])).status).toBe(401);
  });
});

describe('alert mapping', () => {
  it('maps metric names and recognises clearing', () => {
    expect(alertTypeOfMetric('ambient_noise')).toBe('ambient_noise');
    expect(alertTypeOfMetric('door')).toBe('unknown');
    expect(merakiAlertType({ alertType: 'Real CO2 above threshold' })).toBe('real_co2');
    expect(airAlertType({ alertTypeId: 'co2_alert', deviceModel: 'MT15' })).toBe('unknown');
    expect(
      airAlertType({ alertTypeId: 'sensor_alert', deviceModel: 'MS120-8', alertType: 'CO2' }),
    ).toBe('unknown');
    expect(alertPhase({ alertData: { startedAlerting: false } })).toBe('end');
    expect(
      alertPhase({ alertType: 'Sensor alert cleared', alertData: { startedAlerting: true } }),
    ).toBe('start');
    expect(merakiAlertType({ alertTypeId: 'co2_alert' })).toBe('co2');
    expect(isClearedAlert({ alertType: 'Sensor alert recovered' })).toBe(true);
    expect(isClearedAlert({ alertData: { status: 'Resolved' } })).toBe(true);
    expect(
      isClearedAlert({ alertType: 'Sensor change detected', alertLevel: 'informational' }),
    ).toBe(false);
  });
});
