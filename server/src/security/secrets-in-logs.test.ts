/**
 * No secret reaches a log line: the flows that carry one (registration and activation, login,
 * refresh, API token, password reset, product key activation and search, device telemetry and
 * sockets, the Meraki webhook, browser sockets) run against a server whose logger writes every
 * line (level trace) into memory; then none of the secrets may appear in what was written.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import { pino } from 'pino';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AirCloudApp } from '../app.ts';
import { errorHandler } from '../http/error-handler.ts';
import { errorSerializer, requestLogger } from '../http/request-logger.ts';
import { mails } from '@aircloud/core/db/schema';
import { provisionSensor } from '@aircloud/core/sensors/provisioning';
import { activate, exportedKey, signIn } from '../../test/support/purifiers.ts';
import { setCookies, startTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let logged: AirCloudApp;
let url: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ MERAKI_RATE_LIMIT: '1000' });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // The same database and Redis, with a logger that keeps everything.
  logged = createApp({ ...t.ctx, logger: pino({ level: 'trace' }, sink) });
  await new Promise<void>((resolve) => logged.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await logged?.close();
  await t?.stop();
});

/** The token of the last mail of a template sent to `to`, read from its link. */
async function tokenFromMail(to: string, template: string): Promise<string> {
  const rows = await t.db.select().from(mails).where(eq(mails.to, to));
  const mail = rows.filter((m) => m.template === template).at(-1);
  const link = (mail?.data as { link?: string } | undefined)?.link ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

/** Opens a socket and answers whether it connected (a refusal is an answer too). */
function socketConnects(path: string, options: Record<string, unknown>): Promise<boolean> {
  const socket = connect(`${url}${path}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve(true);
    });
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve(false);
    });
  });
}

describe('server logs', () => {
  it('never hold a password, token, cookie, device secret, shared secret or product key', async () => {
    const secrets: Record<string, string> = {};
    const email = `logs-${Date.now()}@example.com`;
    const password = 'Pass-word-in-logs-1';
    secrets.password = password;

    // Registration, activation code check and activation (which signs in).
    const registered = await request(url)
      .post('/api/registration')
      .send({ firstname: 'Log', lastname: 'Test', email, password, company: 'Acme' });
    expect(registered.status).toBe(201);
    secrets.activation = await tokenFromMail(email, 'activation');
    expect(secrets.activation).not.toBe('');
    await request(url).get(`/api/validation_codes/${secrets.activation}`).expect(200);
    await request(url).get(`/easy-connect?token=${secrets.activation}`);
    await request(url).post('/security/activate').send({ token: secrets.activation }).expect(200);

    // Login (a wrong password first), refresh, API token, password change.
    const wrong = 'Wrong-password-in-logs-9';
    secrets.wrongPassword = wrong;
    await request(url).post('/security/token/request').send({ email, password: wrong }).expect(401);
    const login = await request(url)
      .post('/security/token/request')
      .send({ email, password })
      .expect(204);
    const cookies = setCookies(login);
    secrets.access = cookies.access_token!.value;
    secrets.refresh = cookies.refresh_token!.value;
    await request(url).get('/api/me').set('Cookie', `access_token=${secrets.access}`).expect(200);
    await request(url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${secrets.refresh}`)
      .expect(204);
    // Reuse of the rotated token (the theft path logs too).
    await request(url)
      .post('/security/token/refresh')
      .set('Cookie', `refresh_token=${secrets.refresh}`)
      .expect(401);
    const relogin = await request(url)
      .post('/security/token/request')
      .send({ email, password })
      .expect(204);
    const fresh = `access_token=${setCookies(relogin).access_token!.value}`;
    const apiToken = await request(url)
      .post('/api/me/generate-api-token')
      .set('Cookie', fresh)
      .expect(200);
    secrets.apiToken = apiToken.body.api_token as string;
    await request(url)
      .get('/api/me')
      .set('Authorization', `Bearer ${secrets.apiToken}`)
      .expect(200);
    await request(url).get('/api/me').set('Authorization', 'Bearer aq_forged-in-logs').expect(401);
    secrets.forgedToken = 'aq_forged-in-logs';
    const newPassword = 'New-pass-in-logs-2';
    secrets.newPassword = newPassword;
    await request(url)
      .post('/api/me/edit-password')
      .set('Cookie', fresh)
      .send({ current_password: password, new_password1: newPassword, new_password2: newPassword })
      .expect(204);

    // Password reset: the mail's token in the page URL and in the reset call.
    await request(url).post('/security/forgot-password').send({ email }).expect(204);
    secrets.reset = await tokenFromMail(email, 'password_reset');
    expect(secrets.reset).not.toBe('');
    await request(url).get(`/renew-password?token=${secrets.reset}&lang=en`);
    const resetPassword = 'Reset-pass-in-logs-3';
    secrets.resetPassword = resetPassword;
    await request(url)
      .post('/security/reset-password')
      .send({ token: secrets.reset, new_password1: resetPassword, new_password2: resetPassword })
      .expect(204);

    // Product key: found by a technician, then activated by a user.
    const tech = await signIn(t, 'ROLE_TECHNICIAN');
    const owner = await signIn(t);
    const key = await exportedKey(t, tech);
    secrets.productKey = key.key;
    await request(url)
      .get(`/api/product_keys?search=${encodeURIComponent(key.key)}`)
      .set('Cookie', tech.cookie)
      .expect(200);
    await request(url)
      .post('/api/purifiers/activate')
      .set('Cookie', owner.cookie)
      .send({ key: `${key.key}-wrong` })
      .expect(422);
    const purifier = await activate({ ...t, url }, owner, key.key);

    // Devices: telemetry with the secret (right and wrong), device sockets.
    const { sensor, secret } = await provisionSensor(t.db, {
      serialNumber: `LOGS-${Date.now()}`,
      userId: owner.user.id,
    });
    secrets.deviceSecret = secret;
    const basic = (s: string) =>
      `Basic ${Buffer.from(`${sensor.serialNumber}:${s}`).toString('base64')}`;
    const sample = { ts: new Date().toISOString(), measures: { co2: 600 } };
    await request(url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(secret))
      .send(sample);
    await request(url)
      .post('/device/v1/telemetry')
      .set('X-Device-Serial', sensor.serialNumber)
      .set('X-Device-Secret', secret)
      .send({ broken: true });
    // A device calling a path that does not exist goes through the request log.
    await request(url)
      .post('/device/v2/telemetry')
      .set('X-Device-Serial', sensor.serialNumber)
      .set('X-Device-Secret', secret)
      .send(sample)
      .expect(404);
    await request(url)
      .post('/device/v1/telemetry')
      .set('Authorization', basic(`${secret}x`))
      .send(sample)
      .expect(401);
    expect(await socketConnects('/device', { auth: { serial: sensor.serialNumber, secret } })).toBe(
      true,
    );
    expect(
      await socketConnects('/device', { auth: { serial: key.serialNumber, secret: 'bad' } }),
    ).toBe(false);

    // A purifier's device: the claim key exchanged for its own secret, then used on a socket.
    const claimed = await request(url)
      .post('/device/v1/credentials')
      .set(
        'Authorization',
        `Basic ${Buffer.from(`${key.serialNumber}:${key.key}`).toString('base64')}`,
      )
      .expect(201);
    secrets.purifierDeviceSecret = claimed.body.device_secret as string;
    expect(
      await socketConnects('/device', {
        auth: { serial: key.serialNumber, secret: secrets.purifierDeviceSecret },
      }),
    ).toBe(true);

    // Meraki webhook: its shared secret in the body, right and wrong.
    const meraki = await request(url)
      .get(`/api/purifiers/${purifier.ulid}/meraki`)
      .set('Cookie', owner.cookie)
      .expect(200);
    secrets.sharedSecret = meraki.body.shared_secret as string;
    const alert = (sharedSecret: string, alertId: string) => ({
      version: '0.1',
      sharedSecret,
      sentAt: new Date().toISOString(),
      organizationId: '1',
      networkId: 'N_1',
      deviceSerial: 'Q2XX-XXXX-XXXX',
      alertId,
      alertType: 'Sensor change detected',
      alertTypeId: 'sensor_alert',
      occurredAt: new Date().toISOString(),
      alertData: { triggerData: [{ trigger: { ts: 1, type: 'co2', sensorValue: 1200 } }] },
    });
    await request(url)
      .post(`/webhooks/meraki/${purifier.ulid}`)
      .send(alert(secrets.sharedSecret, 'logs-1'));
    await request(url)
      .post(`/webhooks/meraki/${purifier.ulid}`)
      .send(alert('not-the-shared-secret-in-logs', 'logs-2'));
    secrets.wrongSharedSecret = 'not-the-shared-secret-in-logs';

    // Browser sockets: the cookie and the API token in the handshake, and a forged one.
    expect(await socketConnects('', { extraHeaders: { Cookie: owner.cookie } })).toBe(true);
    await socketConnects('', { auth: { token: secrets.apiToken } });
    expect(await socketConnects('', { auth: { token: 'aq_forged-in-logs' } })).toBe(false);
    secrets.ownerCookie = owner.cookie.replace('access_token=', '');

    const text = lines.join('');
    // The capture works: the flow's requests are in it.
    expect(text).toContain('/security/token/request');
    expect(text).toContain('/api/purifiers/activate');
    const leaked = Object.entries(secrets)
      .filter(([, value]) => value.length >= 8 && text.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  }, 60_000);

  it('never hold the values of a failed query (Drizzle puts them in the error)', async () => {
    const secret = 'product-key-in-a-failed-query';
    const failure = await t.db
      .execute(sql`select ${secret}::text from table_that_does_not_exist`)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(secret);

    const captured: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        captured.push(chunk.toString());
        done();
      },
    });
    // An unexpected error of a route, as the error middleware logs it (the request logger
    // brings its own serializer, whatever logger it is given).
    const app = express();
    app.use(requestLogger(pino({ level: 'trace' }, sink)));
    app.get('/fails', () => {
      throw failure;
    });
    app.use(errorHandler);
    expect((await request(app).get('/fails')).status).toBe(500);
    // And the process logger (main.ts) logging one directly.
    pino({ level: 'trace', serializers: { err: errorSerializer } }, sink).error(
      { err: failure },
      'query failed',
    );
    const text = captured.join('');
    expect(text).toContain('table_that_does_not_exist');
    expect(text).not.toContain(secret);
  });
});
