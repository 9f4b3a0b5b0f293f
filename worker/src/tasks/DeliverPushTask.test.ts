import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queue, Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  type NotificationPreferences,
  type PushMessage,
} from '@aircloud/shared/notifications';
import { settleDisabledAccount } from '@aircloud/core/access/accounts';
import {
  notificationPreferences,
  pushSubscriptions,
  sensors,
  users,
} from '@aircloud/core/db/schema';
import { dispatchPushMessages, savePushSubscription } from '@aircloud/core/notifications/push';
import {
  recordNotifications,
  type NotificationEventInput,
} from '@aircloud/core/notifications/record';
import { generateVapidKeys } from '@aircloud/core/notifications/vapid';
import {
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type JobData,
} from '@aircloud/core/queues';
import type { TestDatabase } from '@aircloud/core/test/database';
import {
  createTestDatabase,
  deleteRedisPrefix,
  memoryLogger,
  testRedisPrefix,
  waitFor,
} from '../../test/harness.ts';
import { createDeliverPushTask } from './DeliverPushTask.ts';

const PUBLIC_URL = 'http://localhost:3000';
const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@aircloud.test' };
const { logger } = memoryLogger();

let database: TestDatabase;
let redis: Redis;
let prefix: string;
let queue: Queue<JobData['push']>;
let worker: Worker<JobData['push']>;

/** A browser: its P-256 key pair and auth secret, as `pushManager.subscribe` makes them. */
interface Browser {
  name: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  endpoint: string;
}

/** What the push service got: headers, the VAPID check, and the decrypted message. */
interface Delivered {
  browser: string;
  headers: IncomingHttpHeaders;
  vapid: { verified: boolean; aud?: string; sub?: string; exp?: number; k?: string };
  message: PushMessage;
}

/**
 * A push service on this machine: it checks the VAPID Authorization (RFC 8292: a JWT signed
 * ES256 with the key in `k`) and, standing in for the browser, decrypts the aes128gcm body with
 * the browser's private key and auth secret (RFC 8291, RFC 8188), by hand with node:crypto. Per
 * browser it answers 201 or the status set in `answers`.
 */
let service: Server;
let base = '';
const browsers = new Map<string, Browser>();
const delivered: Delivered[] = [];
const answers = new Map<string, number>();

/** RFC 8291 decryption of one aes128gcm body by the user agent. */
function decrypt(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength); // the application server's ephemeral key
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const uaPublic = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT ES256>, k=<public key>`; the signature checked with `k`. */
function checkVapid(header: string | undefined): Delivered['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return { verified: false };
  const [head, payload, signature] = match[1]!.split('.') as [string, string, string];
  const k = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: k.subarray(1, 33).toString('base64url'),
      y: k.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const verified =
    JSON.parse(Buffer.from(head, 'base64url').toString()).alg === 'ES256' &&
    verify(
      'sha256',
      Buffer.from(`${head}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { verified, ...claims, k: match[2] };
}

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testRedisPrefix();
  redis = createRedisConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').replace('/push/', '');
      const browser = browsers.get(name);
      const answer = answers.get(name) ?? 201;
      if (!browser || answer !== 201) {
        res.statusCode = browser ? answer : 404;
        res.end();
        return;
      }
      const message = JSON.parse(decrypt(browser, Buffer.concat(chunks))) as PushMessage;
      delivered.push({
        browser: name,
        headers: req.headers,
        vapid: checkVapid(req.headers.authorization),
        message,
      });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  queue = createQueue(QUEUES.push, redis, prefix);
  worker = createWorker(
    QUEUES.push,
    createDeliverPushTask({
      db: database.db,
      logger,
      vapid,
      publicUrl: PUBLIC_URL,
      allowPrivate: true,
    }),
    { connection: redis, redisPrefix: prefix, logger },
  );
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
  if (redis) {
    await deleteRedisPrefix(redis, prefix);
    await redis.quit();
  }
  await database?.drop();
});

/** A user whose alert and offline notifications go to push (and nowhere else but in-app). */
async function person(lang: string, prefs: Partial<NotificationPreferences> = {}) {
  const id = randomUUID();
  await database.db.insert(users).values({
    id,
    email: `${lang}-${id}@example.test`,
    passwordHash: 'x',
    firstname: 'Ada',
    lastname: 'L',
    lang,
    enabled: true,
  });
  const channels = defaultPreferences().channels;
  for (const type of ['alert_triggered', 'device_offline'] as const)
    channels[type] = { in_app: true, email: false, push: true, webhook: false };
  await database.db
    .insert(notificationPreferences)
    .values({ userId: id, preferences: { ...defaultPreferences(), channels, ...prefs } });
  const sensor = randomUUID();
  await database.db.insert(sensors).values({
    id: sensor,
    serialNumber: `PUSH-${sensor}`,
    userId: id,
    name: 'Meeting room',
    deviceSecretHash: 'x',
  });
  return { id, sensor };
}

/** A browser of `userId` subscribed through the same code as POST /api/me/push_subscriptions. */
async function subscribe(userId: string): Promise<Browser> {
  const name = ulid();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const browser = { name, ecdh, auth: randomBytes(16), endpoint: `${base}/push/${name}` };
  browsers.set(name, browser);
  await savePushSubscription(
    database.db,
    userId,
    {
      endpoint: browser.endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: browser.auth.toString('base64url'),
      },
    },
    'Firefox/140',
  );
  return browser;
}

const alert = (sensor: string): NotificationEventInput => ({
  type: 'alert_triggered',
  machine: { kind: 'sensor', id: sensor },
  dedupeKey: `alert:${ulid()}`,
  at: new Date(),
  payload: {
    machine_name: 'Meeting room',
    measure: 'co2',
    value: 1200,
    threshold: 1000,
    mode: 'boost',
    purifiers: [{ ulid: 'p1', name: 'Office' }],
  },
});

async function notify(event: NotificationEventInput, now = new Date()) {
  const rows = await database.db.transaction((tx) => recordNotifications(tx, [event], now));
  await dispatchPushMessages(database.db, queue, rows);
  return rows;
}

const subscriptionOf = async (endpoint: string) =>
  (
    await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  )[0];

describe('DeliverPush task', () => {
  it('encrypts the alert to the browser (RFC 8291) in its language, signed for its push service (VAPID)', async () => {
    const user = await person('de');
    const browser = await subscribe(user.id);
    const [row] = await notify(alert(user.sensor));
    expect(row!.channels).toEqual(['push']);
    const got = await waitFor(() => delivered.find((d) => d.browser === browser.name));
    expect(got.message).toEqual({
      id: row!.id,
      type: 'alert_triggered',
      title: 'Alarm bei Meeting room: CO2 bei 1200 ppm',
      body: expect.stringContaining('Angewendeter Modus: Boost auf Office.'),
      url: `${PUBLIC_URL}/sensors/${user.sensor}`,
    });
    expect(got.message.body).toContain('über dem Schwellenwert von 1000 ppm');
    expect(got.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
    });
    // The JWT is signed with the server's key, for this push service's origin, not expired.
    expect(got.vapid).toMatchObject({
      verified: true,
      aud: base,
      sub: 'mailto:ops@aircloud.test',
      k: vapid.publicKey,
    });
    expect(got.vapid.exp! * 1000).toBeGreaterThan(Date.now());
    expect(got.vapid.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    await waitFor(async () => (await subscriptionOf(browser.endpoint))?.lastSuccessAt);
  });

  it('drops a subscription the push service says is gone (410, 404); the other browser still gets it', async () => {
    const user = await person('en');
    const gone = await subscribe(user.id);
    const unknown = await subscribe(user.id);
    const alive = await subscribe(user.id);
    answers.set(gone.name, 410);
    answers.set(unknown.name, 404);
    const [row] = await notify({
      type: 'device_offline',
      machine: { kind: 'sensor', id: user.sensor },
      dedupeKey: `offline:${ulid()}`,
      at: new Date(),
      payload: { machine_name: 'Meeting room', last_seen_at: '2026-11-20T10:00:00.000Z' },
    });
    const got = await waitFor(() => delivered.find((d) => d.browser === alive.name));
    expect(got.message).toMatchObject({ id: row!.id, title: 'Meeting room is offline' });
    expect(got.headers.urgency).toBe('normal');
    await waitFor(async () => !(await subscriptionOf(gone.endpoint)), 10_000, 'the 410 deleted');
    await waitFor(async () => !(await subscriptionOf(unknown.endpoint)), 10_000, 'the 404 deleted');
    expect(await subscriptionOf(alive.endpoint)).toBeDefined();
    // The next notification goes to the one left.
    const [next] = await notify(alert(user.sensor));
    await waitFor(() => delivered.find((d) => d.message.id === next!.id));
  });

  it('retries a push service that fails (5xx), records the failure, then delivers', async () => {
    const user = await person('fr');
    const browser = await subscribe(user.id);
    answers.set(browser.name, 503);
    const [row] = await database.db.transaction((tx) =>
      recordNotifications(tx, [alert(user.sensor)], new Date()),
    );
    const sub = (await subscriptionOf(browser.endpoint))!;
    const deliver = createDeliverPushTask({
      db: database.db,
      logger,
      vapid,
      publicUrl: PUBLIC_URL,
      allowPrivate: true,
    });
    const job = (attemptsMade: number) => ({
      data: { notificationId: row!.id, subscriptionId: sub.id },
      attemptsMade,
      opts: { attempts: 8 },
    });
    await expect(deliver(job(0))).rejects.toThrow('the push service answered 503');
    expect(await subscriptionOf(browser.endpoint)).toMatchObject({
      lastError: 'the push service answered 503',
    });
    answers.delete(browser.name);
    expect(await deliver(job(1))).toEqual({ status: 'delivered', statusCode: 201 });
    const got = delivered.find((d) => d.message.id === row!.id)!;
    expect(got.message.title).toBe('Alerte sur Meeting room : CO2 à 1200 ppm');
  });

  it('refuses a private push service address unless allowed (SSRF)', async () => {
    const user = await person('en');
    const browser = await subscribe(user.id);
    const [row] = await database.db.transaction((tx) =>
      recordNotifications(tx, [alert(user.sensor)], new Date()),
    );
    const sub = (await subscriptionOf(browser.endpoint))!;
    const deliver = createDeliverPushTask({
      db: database.db,
      logger,
      vapid,
      publicUrl: PUBLIC_URL,
      allowPrivate: false,
    });
    expect(
      await deliver({
        data: { notificationId: row!.id, subscriptionId: sub.id },
        attemptsMade: 0,
        opts: { attempts: 8 },
      }),
    ).toEqual({ status: 'failed', statusCode: null, error: 'webhook_url_private' });
    expect(delivered.some((d) => d.message.id === row!.id)).toBe(false);
  });

  it('defers a notification raised in quiet hours to their end (a delayed job), delivered then', async () => {
    // Quiet hours around this moment, in UTC: from an hour ago to two hours from now.
    const now = new Date();
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const quiet = { start: hhmm(now.getTime() - 3600_000), end: hhmm(now.getTime() + 7200_000) };
    const user = await person('en', { quiet_hours: quiet, time_zone: 'UTC' });
    const browser = await subscribe(user.id);
    const [row] = await notify(alert(user.sensor), now);
    expect(row!.channels).toEqual(['push']);
    const end = Math.floor((now.getTime() + 7200_000) / 60_000) * 60_000;
    expect(row!.deliverAfter).toEqual(new Date(end));
    const sub = (await subscriptionOf(browser.endpoint))!;
    const job = (await queue.getJob(`${row!.id}-${sub.id}`))!;
    expect(await job.getState()).toBe('delayed');
    expect(job.timestamp + job.delay).toBeGreaterThanOrEqual(end - 1000);
    expect(job.timestamp + job.delay).toBeLessThanOrEqual(end + 1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(delivered.some((d) => d.message.id === row!.id)).toBe(false);
    // The end of the quiet hours, brought forward: the job runs and the browser gets it.
    await job.promote();
    await waitFor(() => delivered.find((d) => d.message.id === row!.id));
  });

  it('ends the subscriptions of a disabled account (and tells it nothing more)', async () => {
    const user = await person('en');
    const browser = await subscribe(user.id);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ enabled: false }).where(eq(users.id, user.id));
      await settleDisabledAccount(tx, user.id);
    });
    expect(await subscriptionOf(browser.endpoint)).toBeUndefined();
    expect(await notify(alert(user.sensor))).toEqual([]);
  });
});
