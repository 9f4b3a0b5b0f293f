/**
 * The origin check (CSRF) on requests authenticated by cookie: every unsafe method, JSON and
 * multipart uploads alike, is refused with 403 csrf_origin when the browser says it comes from
 * another site (foreign or `null` Origin, a foreign Referer without Origin, Sec-Fetch-Site
 * cross-site, or same-site without an allowed Origin); the same calls from the app's origin
 * succeed. Devices and the Meraki webhook, which no cookie authenticates, are not affected.
 */
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTestApp, type TestApp } from '../../test/app.ts';
import { activate, exportedKey, signIn, type Session } from '../../test/support/purifiers.ts';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';

const EVIL = 'https://evil.example.com';

let t: TestApp;
let user: Session;
let tech: Session;
let purifier: string;
let sensor: { id: string; serial: string; secret: string };
let png: Buffer;

/** Headers a browser sends from another site, one set per way of telling it. */
const FOREIGN: Record<string, Record<string, string>> = {
  'foreign Origin': { Origin: EVIL },
  'null Origin': { Origin: 'null' },
  'foreign Referer, no Origin': { Referer: `${EVIL}/page.html` },
  'cross-site fetch': { 'Sec-Fetch-Site': 'cross-site' },
  'same-site fetch without Origin': { 'Sec-Fetch-Site': 'same-site' },
  'app Origin but cross-site fetch': { Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'cross-site' },
};
/** Headers of the app's own pages. */
const SAME_ORIGIN: Record<string, Record<string, string>> = {
  'app Origin': { Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' },
  'app Referer, no Origin': { Referer: `${PUBLIC_URL}/purifiers`, 'Sec-Fetch-Site': 'same-origin' },
};

/** One unsafe cookie request per method and body kind; `ok` is its status when allowed. */
const CALLS: Record<string, { make: () => request.Test; ok: number }> = {
  'POST json': {
    make: () => request(t.url).post('/api/me/generate-api-token').set('Cookie', user.cookie),
    ok: 200,
  },
  'PATCH merge-patch': {
    make: () =>
      request(t.url)
        .patch(`/api/purifiers/${purifier}`)
        .set('Cookie', user.cookie)
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify({ mode: 'auto' })),
    ok: 200,
  },
  'PUT json': {
    make: () =>
      request(t.url)
        .put(`/api/users/${user.user.id}`)
        .set('Cookie', user.cookie)
        .send({ company: 'Acme' }),
    ok: 200,
  },
  DELETE: {
    make: () =>
      request(t.url).delete(`/api/sensors/${sensor.id}/measures`).set('Cookie', user.cookie),
    ok: 204,
  },
  'POST avatar upload': {
    make: () =>
      request(t.url)
        .post('/api/media_objects')
        .set('Cookie', user.cookie)
        .attach('file', png, { filename: 'a.png', contentType: 'image/png' }),
    ok: 201,
  },
  'POST firmware upload': {
    make: () =>
      request(t.url)
        .post('/api/firmwares')
        .set('Cookie', tech.cookie)
        .field('name', `fw-${Date.now()}`)
        .field('version', '1.0.0')
        .field('models', 'HEPA_COCOON')
        .attach('file', Buffer.from('firmware'), {
          filename: 'fw.bin',
          contentType: 'application/octet-stream',
        }),
    ok: 201,
  },
  'POST sensor import upload': {
    make: () =>
      request(t.url)
        .post(`/api/sensors/${sensor.id}/imports`)
        .set('Cookie', user.cookie)
        .attach('file', Buffer.from('date,co2 (ppm)\n20/11/2026 10:00,400\n'), {
          filename: 'm.csv',
          contentType: 'text/csv',
        }),
    ok: 202,
  },
  'GET /security/logout': {
    make: () => request(t.url).get('/security/logout').set('Cookie', user.cookie),
    ok: 204,
  },
};

beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: 'https://partner.example.com' });
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#a37' } })
    .png()
    .toBuffer();
  [user, tech] = await Promise.all([signIn(t), signIn(t, 'ROLE_TECHNICIAN')]);
  const key = await exportedKey(t, tech);
  purifier = (await activate(t, user, key.key)).ulid;
  const provisioned = await provisionSensor(t.db, {
    serialNumber: `CSRF-${process.pid}-${Date.now()}`,
    userId: user.user.id,
  });
  sensor = {
    id: provisioned.sensor.id,
    serial: provisioned.sensor.serialNumber,
    secret: provisioned.secret,
  };
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

describe('origin check on cookie requests', () => {
  for (const [call, { make }] of Object.entries(CALLS)) {
    it(`${call}: refused from another site, whichever header tells it`, async () => {
      const got: Record<string, string> = {};
      for (const [way, headers] of Object.entries(FOREIGN)) {
        const res = await make().set(headers);
        got[way] = `${res.status} ${res.body?.['hydra:description'] ?? ''}`;
      }
      expect(got).toEqual(
        Object.fromEntries(Object.keys(FOREIGN).map((way) => [way, '403 csrf_origin'])),
      );
    });

    it(`${call}: accepted from the app's own pages`, async () => {
      // Sensor imports: one pending import per sensor, so the second one is a 409 past the check.
      for (const [way, headers] of Object.entries(SAME_ORIGIN)) {
        const res = await make().set(headers);
        expect([CALLS[call]!.ok, 409], `${way}: ${res.status}`).toContain(res.status);
      }
    });
  }

  it('lets a configured partner origin through and refuses a look-alike', async () => {
    const partner = await CALLS['POST json']!.make().set('Origin', 'https://partner.example.com');
    expect(partner.status).toBe(200);
    const lookalike = await CALLS['POST json']!.make().set(
      'Origin',
      'https://partner.example.com.evil.example.com',
    );
    expect(lookalike.status).toBe(403);
  });

  it('lets a client without browser headers through (no browser, so no cross-site request)', async () => {
    const res = await CALLS['POST json']!.make();
    expect(res.status).toBe(200);
  });
});

describe('requests no cookie authenticates', () => {
  it('device telemetry is accepted from anywhere', async () => {
    const res = await request(t.url)
      .post('/device/v1/telemetry')
      .set(
        'Authorization',
        `Basic ${Buffer.from(`${sensor.serial}:${sensor.secret}`).toString('base64')}`,
      )
      .set('Origin', EVIL)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ ts: new Date().toISOString(), measures: { co2: 500 } });
    expect(res.status).toBeLessThan(300);
  });

  it('the Meraki webhook is accepted from anywhere with its shared secret', async () => {
    const meraki = await request(t.url)
      .get(`/api/purifiers/${purifier}/meraki`)
      .set('Cookie', user.cookie)
      .expect(200);
    const res = await request(t.url)
      .post(`/webhooks/meraki/${purifier}`)
      .set('Origin', EVIL)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({
        version: '0.1',
        sharedSecret: meraki.body.shared_secret,
        sentAt: new Date().toISOString(),
        organizationId: '1',
        networkId: 'N_1',
        deviceSerial: 'Q2XX-XXXX-XXXX',
        alertId: `csrf-${Date.now()}`,
        alertType: 'Sensor change detected',
        alertTypeId: 'sensor_alert',
        occurredAt: new Date().toISOString(),
        alertData: { triggerData: [{ trigger: { ts: 1, type: 'co2', sensorValue: 1200 } }] },
      });
    expect(res.status).toBeLessThan(300);
  });

  it('a Bearer request is exempt, even from another site', async () => {
    const token = (await CALLS['POST json']!.make().set('Origin', PUBLIC_URL)).body
      .api_token as string;
    const res = await request(t.url)
      .put(`/api/users/${user.user.id}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', EVIL)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ company: 'Bearer Inc.' });
    expect(res.status).toBe(200);
  });
});

describe('an Authorization header that is not a well-formed Bearer token', () => {
  const MALFORMED = ['Bearer x y', 'Bearer', 'Basic dXNlcjpwYXNz', 'Token abc', ''];

  it('is refused with 401 on /api and /security, never answered from the cookie', async () => {
    const got: Record<string, string> = {};
    for (const header of MALFORMED) {
      const calls = {
        'GET /api/me': request(t.url).get('/api/me'),
        'PUT /api/users': request(t.url).put(`/api/users/${user.user.id}`).send({ company: 'X' }),
        'POST /security/token/request': request(t.url)
          .post('/security/token/request')
          .send({ email: user.user.email, password: 'Secret123' }),
      };
      for (const [call, pending] of Object.entries(calls)) {
        const res = await pending.set('Cookie', user.cookie).set('Authorization', header);
        got[`${call} with "${header}"`] = `${res.status} ${res.body?.['hydra:description']}`;
      }
    }
    expect(Object.values(got).every((v) => v === '401 unauthorized')).toBe(true);
    expect(Object.keys(got)).toHaveLength(MALFORMED.length * 3);
    // The cookie itself is fine.
    expect((await request(t.url).get('/api/me').set('Cookie', user.cookie)).status).toBe(200);
  });

  it('does not skip the origin check of a cookie request', async () => {
    for (const header of MALFORMED) {
      const res = await CALLS['PUT json']!.make()
        .set('Authorization', header)
        .set('Origin', EVIL)
        .set('Sec-Fetch-Site', 'cross-site');
      expect(`${res.status} ${res.body['hydra:description']}`, header).toBe('403 csrf_origin');
    }
  });

  it('leaves the device API alone (it reads its own Basic credentials)', async () => {
    const res = await request(t.url)
      .post('/device/v1/telemetry')
      .set(
        'Authorization',
        `Basic ${Buffer.from(`${sensor.serial}:${sensor.secret}`).toString('base64')}`,
      )
      .send({ ts: new Date().toISOString(), measures: { co2: 520 } });
    expect(res.status).toBeLessThan(300);
  });
});
