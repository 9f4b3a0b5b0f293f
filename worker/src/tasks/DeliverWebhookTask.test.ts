import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { ulid } from '@aircloud/core/lib/ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  sensors,
  webhookDeliveries,
  webhooks,
  invitations,
  invitationSensors,
} from '@aircloud/core/db/schema';
import { keyringOf } from '@aircloud/core/lib/keyring';
import { recordNotifications } from '@aircloud/core/notifications/record';
import { pendingDeliveries, webhookChannel } from '@aircloud/core/notifications/webhooks';
import { WEBHOOK_TOLERANCE_S } from '@aircloud/shared/notifications';
import { insertStranger, useOwnerDatabase } from '../../test/fixtures.ts';
import { memoryLogger } from '../../test/harness.ts';
import { createDeliverWebhookTask } from './DeliverWebhookTask.ts';

const t = useOwnerDatabase();
const { logger } = memoryLogger();
const secrets = { appSecret: 'webhook-test-app-secret-0123456789' };
const SECRET = 'the-shared-secret-of-this-test';

/** What a receiver got, and whether the signature and the timestamp held. */
interface Received {
  path: string;
  body: { delivery: string; timestamp: number; notification: { id: string; type: string } };
  verified: boolean;
}

/**
 * A real HTTP receiver, as a customer would write it: recomputes HMAC-SHA256 over
 * `<timestamp>.<raw body>`, compares in constant time, refuses an old timestamp (replay). The
 * answer per path: a status code, or `hang` (no answer).
 */
let receiver: Server;
let base = '';
const received: Received[] = [];
const answers = new Map<string, number | 'hang'>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-aircloud-signature'] ?? '');
      const ts = Number(req.headers['x-aircloud-timestamp']);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      const expected = createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest();
      const verified =
        !!match &&
        Number(match[1]) === ts &&
        Math.abs(Date.now() / 1000 - ts) <= WEBHOOK_TOLERANCE_S &&
        timingSafeEqual(Buffer.from(match[2]!, 'hex'), expected);
      received.push({ path: req.url ?? '', body: JSON.parse(raw), verified });
      const answer = answers.get(req.url ?? '') ?? 200;
      if (answer === 'hang') return;
      res.statusCode = verified ? answer : 401;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function hook(userId: string, path: string) {
  const id = ulid();
  await t.database.db.insert(webhooks).values({
    id,
    userId,
    url: `${base}${path}`,
    secretSealed: keyringOf(secrets, 'webhook-secret').seal(SECRET),
  });
  return id;
}

async function sensorOf(userId: string) {
  const id = randomUUID();
  await t.database.db.insert(sensors).values({
    id,
    serialNumber: `HOOK-${id}`,
    userId,
    name: 'Lab',
    deviceSecretHash: 'x',
  });
  return id;
}

/** Records an offline notification of the sensor (webhook channel on by default). */
async function event(sensorId: string) {
  const rows = await t.database.db.transaction((tx) =>
    recordNotifications(
      tx,
      [
        {
          type: 'device_offline',
          machine: { kind: 'sensor', id: sensorId },
          payload: { machine_name: 'Lab', last_seen_at: '2026-11-20T10:00:00.000Z' },
          dedupeKey: `offline:${ulid()}`,
          at: new Date(),
        },
      ],
      new Date(),
      webhookChannel,
    ),
  );
  return rows;
}

async function deliveriesOf(webhookId: string) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId));
}

const job = (deliveryId: string, attemptsMade = 0, attempts = 8) => ({
  data: { deliveryId },
  attemptsMade,
  opts: { attempts },
});

describe('DeliverWebhook task', () => {
  it('posts a body the receiver verifies (HMAC over timestamp.body), logs the status, once', async () => {
    const user = await insertStranger(t.database);
    const h = await hook(user, '/ok');
    const [row] = await event(await sensorOf(user));
    expect(row!.channels).toEqual(['email', 'webhook']);
    const [delivery] = await deliveriesOf(h);
    const deliver = createDeliverWebhookTask({
      db: t.database.db,
      logger,
      secrets,
      allowPrivate: true,
    });
    expect(await deliver(job(delivery!.id))).toEqual({ status: 'delivered', statusCode: 200 });
    const got = received.filter((r) => r.body.delivery === delivery!.id);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    expect(got[0]!.body.notification).toMatchObject({ id: row!.id, type: 'device_offline' });
    const [logged] = await deliveriesOf(h);
    expect(logged).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 1 });
    // A retried or duplicated job posts nothing more.
    expect(await deliver(job(delivery!.id))).toEqual({ status: 'skipped', reason: 'already_done' });
    expect(received.filter((r) => r.body.delivery === delivery!.id)).toHaveLength(1);
  });

  it('leaves a delivery deferred by quiet hours to its delayed job: the sweep queues it only once due', async () => {
    const user = await insertStranger(t.database);
    const h = await hook(user, '/quiet');
    const [row] = await event(await sensorOf(user));
    const [delivery] = await deliveriesOf(h);
    // Lost jobs are looked for among deliveries older than -60 s: this one counts.
    expect(await pendingDeliveries(t.database.db, -60_000)).toContain(delivery!.id);
    await t.database.db
      .update(notifications)
      .set({ deliverAfter: new Date(Date.now() + 3600_000) })
      .where(eq(notifications.id, row!.id));
    expect(await pendingDeliveries(t.database.db, -60_000)).not.toContain(delivery!.id);
    await t.database.db
      .update(notifications)
      .set({ deliverAfter: new Date(Date.now() - 1000) })
      .where(eq(notifications.id, row!.id));
    expect(await pendingDeliveries(t.database.db, -60_000)).toContain(delivery!.id);
  });

  it('refuses a loopback address at delivery time unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const user = await insertStranger(t.database);
    const h = await hook(user, '/private');
    await event(await sensorOf(user));
    const [delivery] = await deliveriesOf(h);
    const deliver = createDeliverWebhookTask({
      db: t.database.db,
      logger,
      secrets,
      allowPrivate: false,
    });
    expect(await deliver(job(delivery!.id))).toMatchObject({
      status: 'failed',
      error: 'webhook_url_private',
    });
    expect(received.some((r) => r.path === '/private')).toBe(false);
    expect((await deliveriesOf(h))[0]).toMatchObject({
      status: 'failed',
      error: 'webhook_url_private',
    });
  });

  it('retries an error answer, logs its code, and disables the webhook after five failures with a notice', async () => {
    const user = await insertStranger(t.database);
    const h = await hook(user, '/broken');
    answers.set('/broken', 503);
    const s = await sensorOf(user);
    const deliver = createDeliverWebhookTask({
      db: t.database.db,
      logger,
      secrets,
      allowPrivate: true,
    });
    await event(s);
    const [first] = await deliveriesOf(h);
    await expect(deliver(job(first!.id, 0, 2))).rejects.toThrow('503');
    expect((await deliveriesOf(h))[0]).toMatchObject({
      status: 'pending',
      statusCode: 503,
      attempts: 1,
    });
    expect(await deliver(job(first!.id, 1, 2))).toMatchObject({
      status: 'failed',
      statusCode: 503,
    });
    for (let i = 0; i < 4; i += 1) {
      await event(s);
      const pending = (await deliveriesOf(h)).find((d) => d.status === 'pending');
      await deliver(job(pending!.id, 0, 1));
    }
    const [after] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, h));
    expect(after).toMatchObject({ enabled: false, consecutiveFailures: 5 });
    expect(after!.disabledAt).not.toBeNull();
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'webhook_disabled'));
    expect(notices.filter((n) => n.userId === user)).toHaveLength(1);
    expect(notices.find((n) => n.userId === user)!.payload).toMatchObject({
      webhook_url: `${base}/broken`,
      failures: 5,
    });
    // Disabled: new notifications are not handed to it.
    const [row] = await event(s);
    expect(row!.channels).toEqual(['email']);
  });

  it('never lets a silent endpoint hold up another webhook of the same notification', async () => {
    const user = await insertStranger(t.database);
    const slow = await hook(user, '/hang');
    const good = await hook(user, '/fine');
    answers.set('/hang', 'hang');
    await event(await sensorOf(user));
    const deliver = createDeliverWebhookTask({
      db: t.database.db,
      logger,
      secrets,
      allowPrivate: true,
      timeoutMs: 300,
    });
    const [s] = await deliveriesOf(slow);
    const [g] = await deliveriesOf(good);
    const [slowResult, goodResult] = await Promise.allSettled([
      deliver(job(s!.id, 0, 1)),
      deliver(job(g!.id)),
    ]);
    expect(goodResult).toEqual({
      status: 'fulfilled',
      value: { status: 'delivered', statusCode: 200 },
    });
    expect(slowResult).toMatchObject({ status: 'fulfilled', value: { status: 'failed' } });
    expect((await deliveriesOf(slow))[0]!.error).toContain('300 ms');
  });

  it('drops a delivery once the user no longer sees the machine', async () => {
    const guest = await insertStranger(t.database);
    const s = await sensorOf(t.ownerId);
    const invitation = randomUUID();
    await t.database.db.insert(invitations).values({
      id: invitation,
      senderId: t.ownerId,
      email: `guest-${guest}@example.com`,
      recipientId: guest,
      status: 'accepted',
    });
    await t.database.db.insert(invitationSensors).values({ invitationId: invitation, sensorId: s });
    const h = await hook(guest, '/guest');
    await event(s);
    await t.database.db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(eq(invitations.id, invitation));
    const [d] = await deliveriesOf(h);
    const deliver = createDeliverWebhookTask({
      db: t.database.db,
      logger,
      secrets,
      allowPrivate: true,
    });
    expect(await deliver(job(d!.id))).toEqual({ status: 'skipped', reason: 'access_ended' });
    expect(received.some((r) => r.path === '/guest')).toBe(false);
  });
});
