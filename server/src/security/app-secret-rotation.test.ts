import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purifierMerakiSecrets, purifiers } from '@aircloud/core/db/schema';
import { sha256 } from '@aircloud/core/lib/crypto';
import { keyIdOf, keyringOf } from '@aircloud/core/lib/keyring';
import { resealStaleValues } from '@aircloud/core/secrets/reseal';
import { GOOD_PASSWORD, setCookies, startTestApp, type TestApp } from '../../test/app.ts';
import {
  activate,
  claimDevice,
  exportedKey,
  signIn,
  type Session,
} from '../../test/support/purifiers.ts';

/**
 * APP_SECRET changes (issue 18, "keys that can change"): values sealed by the previous secret
 * keep working while APP_SECRET_PREVIOUS names it, the re-seal job converts them, and a value no
 * key opens answers a catalogue error its owner can act on, never a 500.
 */
const A = 'first-app-secret-of-this-install-0123456789';
const B = 'second-app-secret-of-this-install-012345678';
const C = 'a-secret-this-install-never-had-0123456789ab';

let before: TestApp;
const apps: TestApp[] = [];
let tech: Session;
let owner: Session;

beforeAll(async () => {
  before = await startTestApp({ APP_SECRET: A, MERAKI_RATE_LIMIT: '1000' });
  [tech, owner] = await Promise.all([signIn(before, 'ROLE_TECHNICIAN'), signIn(before)]);
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.stop();
  await before?.stop();
});

/** The same database served with other secrets (the product restarted after a change). */
async function restartWith(env: Record<string, string>): Promise<TestApp> {
  const app = await startTestApp({ MERAKI_RATE_LIMIT: '1000', ...env }, { database: before });
  apps.push(app);
  return app;
}

async function signInAgain(t: TestApp, session: Session): Promise<string> {
  const res = await request(t.url)
    .post('/security/token/request')
    .send({ email: session.user.email, password: GOOD_PASSWORD });
  expect(res.status).toBe(204);
  return `access_token=${setCookies(res).access_token!.value}`;
}

const meraki = (t: TestApp, ulid: string, cookie: string) =>
  request(t.url).get(`/api/purifiers/${ulid}/meraki`).set('Cookie', cookie);

const webhook = (t: TestApp, ulid: string, sharedSecret: string) =>
  request(t.url)
    .post(`/webhooks/meraki/${ulid}`)
    .send({
      sharedSecret,
      alertId: `alert-${Math.random()}`,
      alertTypeId: 'sensor_alert',
      occurredAt: new Date().toISOString(),
      alertData: { triggerData: [{ trigger: { type: 'co2', sensorValue: 1500 } }] },
    });

async function storedMerakiSecret(t: TestApp, ulid: string): Promise<string> {
  const [row] = await t.db
    .select({ v: purifierMerakiSecrets.secretEncrypted })
    .from(purifierMerakiSecrets)
    .where(eq(purifierMerakiSecrets.purifierId, ulid));
  return row!.v;
}

describe('rotating APP_SECRET', () => {
  it('A sealed it; B with A previous opens it and keeps sessions; re-sealed, B alone opens it', async () => {
    const purifier = await activate(before, owner, (await exportedKey(before, tech)).key);
    const first = await meraki(before, purifier.ulid, owner.cookie).expect(200);
    const secret = first.body.shared_secret as string;
    expect(await storedMerakiSecret(before, purifier.ulid)).toMatch(
      new RegExp(`^v1\\.${keyIdOf(A)}\\.`),
    );

    const rotating = await restartWith({ APP_SECRET: B, APP_SECRET_PREVIOUS: A });
    // The session signed with A still works: nobody is signed out by the change.
    const during = await meraki(rotating, purifier.ulid, owner.cookie).expect(200);
    expect(during.body.shared_secret).toBe(secret);
    await webhook(rotating, purifier.ulid, secret).expect(200);

    const result = await resealStaleValues(rotating.db.$client, rotating.config);
    expect(result.keyId).toBe(keyIdOf(B));
    expect(result.resealed).toBeGreaterThanOrEqual(1);
    expect(await storedMerakiSecret(rotating, purifier.ulid)).toMatch(
      new RegExp(`^v1\\.${keyIdOf(B)}\\.`),
    );

    const after = await restartWith({ APP_SECRET: B });
    // A's session is over once A is gone; signing in again works.
    await meraki(after, purifier.ulid, owner.cookie).expect(401);
    const cookie = await signInAgain(after, owner);
    expect((await meraki(after, purifier.ulid, cookie).expect(200)).body.shared_secret).toBe(
      secret,
    );
    await webhook(after, purifier.ulid, secret).expect(200);
  });
});

describe('a sealed value no key opens', () => {
  it('the Meraki tab answers 409 meraki_secret_unreadable, the webhook 401, until regenerated', async () => {
    const purifier = await activate(before, owner, (await exportedKey(before, tech)).key);
    const old = (await meraki(before, purifier.ulid, owner.cookie).expect(200)).body
      .shared_secret as string;
    // A fresh checkout drew another secret: nothing it has opens the stored value.
    const lost = await restartWith({ APP_SECRET: C });
    const cookie = await signInAgain(lost, owner);

    const res = await meraki(lost, purifier.ulid, cookie).set('Accept-Language', 'en');
    expect(res.status).toBe(409);
    expect(res.body['hydra:description']).toBe('meraki_secret_unreadable');
    expect(res.body['hydra:title']).toMatch(/can no longer be read.*generate a new one/);
    await webhook(lost, purifier.ulid, old).expect(401);

    const rotated = await request(lost.url)
      .post(`/api/purifiers/${purifier.ulid}/meraki/rotate-secret`)
      .set('Cookie', cookie)
      .expect(200);
    const fresh = rotated.body.shared_secret as string;
    expect(fresh).not.toBe(old);
    expect((await meraki(lost, purifier.ulid, cookie).expect(200)).body.shared_secret).toBe(fresh);
    await webhook(lost, purifier.ulid, fresh).expect(200);
  });

  it("a rotation's pending device secret is replaced by a fresh one, handed over and usable", async () => {
    const key = await exportedKey(before, tech);
    const purifier = await activate(before, owner, key.key);
    const current = await claimDevice(before, key.serialNumber, key.key);
    // A rotation under way, its pending secret sealed with a key this server does not have.
    const unreadable = keyringOf({ appSecret: C }, 'device-secret').seal('lost pending secret');
    await before.db
      .update(purifiers)
      .set({
        deviceSecretNextHash: sha256('lost pending secret'),
        deviceSecretNextSealed: unreadable,
      })
      .where(eq(purifiers.id, purifier.ulid));

    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${key.serialNumber}:${secret}`).toString('base64')}`;
    const post = (secret: string) =>
      request(before.url)
        .post('/device/v1/telemetry')
        .set('Authorization', basic(secret))
        .send({ ts: new Date().toISOString(), mode: 'silence' });

    const handover = await post(current).expect(200);
    const renewed = handover.body.credentials?.device_secret as string;
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe('lost pending secret');
    // The same secret again on the next post (no new rotation each time).
    expect((await post(current).expect(200)).body.credentials?.device_secret).toBe(renewed);
    // The device uses it: the rotation completes, the old secret stops working.
    await post(renewed).expect(200);
    await post(current).expect(401);
    const [row] = await before.db.select().from(purifiers).where(eq(purifiers.id, purifier.ulid));
    expect(row!.deviceSecretHash).toBe(sha256(renewed));
    expect(row!.deviceSecretNextSealed).toBeNull();
  });
});
