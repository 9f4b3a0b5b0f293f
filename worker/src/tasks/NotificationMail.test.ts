import { randomUUID } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPreferences, type NotificationPreferences } from '@aircloud/shared/notifications';
import {
  invitations,
  invitationSensors,
  mails,
  notificationPreferences,
  sensorPurifiers,
  sensors,
  users,
} from '@aircloud/core/db/schema';
import { insertRule } from '@aircloud/core/alert-rules/repository';
import { emailChannel } from '@aircloud/core/notifications/email';
import {
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type JobData,
} from '@aircloud/core/queues';
import { createTestDatabase } from '@aircloud/core/test/database';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import { insertPurifier } from '../../test/fixtures.ts';
import {
  deleteRedisPrefix,
  memoryLogger,
  startSmtpPeer,
  testRedisPrefix,
  waitFor,
  type SmtpPeer,
} from '../../test/harness.ts';
import { createEvaluateAlertRulesTask } from './EvaluateAlertRulesTask.ts';
import { requeuePendingMails } from '../mail/sweep.ts';
import { createSendMailTask } from './SendMailTask.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let redis: Redis;
let prefix: string;
let peer: SmtpPeer;
let transport: MailTransport;
let queue: Queue<JobData['mail']>;
let worker: Worker<JobData['mail']>;
const { logger } = memoryLogger();
const PUBLIC_URL = 'http://localhost:3000';
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
const noon = () => new Date('2026-03-02T09:00:00.000Z');
let batch = 9_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`SELECT ensure_sensor_measure_partitions('2026-02-01'::timestamptz, 3)`,
  );
  prefix = testRedisPrefix();
  redis = createRedisConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  peer = await startSmtpPeer();
  transport = createMailTransport({
    smtpUrl: peer.url,
    mailFrom: 'AirCloud <no-reply@aircloud.test>',
    mailDir: 'unused',
    logger,
  });
  queue = createQueue(QUEUES.mail, redis, prefix);
  worker = createWorker(QUEUES.mail, createSendMailTask({ db: database.db, transport, logger }), {
    connection: redis,
    redisPrefix: prefix,
    logger,
  });
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  transport?.close();
  await peer?.stop();
  if (redis) {
    await deleteRedisPrefix(redis, prefix);
    await redis.quit();
  }
  await database?.drop();
});

async function person(lang: string, prefs?: Partial<NotificationPreferences>) {
  const id = randomUUID();
  await database.db.insert(users).values({
    id,
    email: `${lang}-${id}@example.test`,
    passwordHash: 'x',
    firstname: `Ada-${lang}`,
    lastname: 'L',
    lang,
    enabled: true,
  });
  if (prefs)
    await database.db
      .insert(notificationPreferences)
      .values({ userId: id, preferences: { ...defaultPreferences(), ...prefs } });
  return { id, email: `${lang}-${id}@example.test` };
}

/** A sensor of `owner` linked to a purifier named Office, with a CO2 > 1000 → boost rule. */
async function alarmedSensor(owner: string) {
  const p = await insertPurifier(database, {
    model: 'HEPA_DOME_WHITE',
    userId: owner,
    name: 'Office',
    desired: {
      mode: 'silence',
      trh: 5,
      silent_trh: 5,
      schedule: null,
      version: 1,
      updated_at: '2026-03-01T00:00:00.000Z',
      source: 'user',
    },
  });
  const s = randomUUID();
  await database.db.insert(sensors).values({
    id: s,
    serialNumber: `MAIL-${s}`,
    userId: owner,
    name: 'Meeting room',
    deviceSecretHash: 'x',
  });
  await database.db.insert(sensorPurifiers).values({ sensorId: s, purifierId: p, linkedBy: owner });
  await insertRule(database.db, {
    id: randomUUID(),
    sensorId: s,
    measure: 'co2',
    threshold: 1000,
    hysteresis: 50,
    mode: 'boost',
    confirmS: 0,
    createdBy: owner,
  });
  return s;
}

/** Stores samples of `s` as one ingest flush; answers the job of the flush. */
async function samplesOf(s: string, samples: [number, number][]) {
  const batchId = batch++;
  for (const [sec, co2] of samples)
    await database.db.execute(sql`INSERT INTO sensor_measures (sensor_id, ts, co2, batch_id)
      VALUES (${s}, ${at(sec)}, ${co2}, ${batchId})`);
  return {
    data: { batchId, sensorIds: [s], from: at(0).toISOString(), to: at(0).toISOString() },
  };
}

async function post(s: string, samples: [number, number][], withQueue = true) {
  const evaluate = createEvaluateAlertRulesTask({
    db: database.db,
    logger,
    now: noon,
    channels: emailChannel(PUBLIC_URL),
    ...(withQueue ? { mailQueue: queue } : {}),
  });
  await evaluate(await samplesOf(s, samples));
}

describe('notification e-mails', () => {
  it('hands a trigger to SMTP in the recipient language, with the mode, purifiers and link', async () => {
    const owner = await person('de');
    const s = await alarmedSensor(owner.id);
    await post(s, [[10, 1200]]);
    const mail = await waitFor(() => peer.messages.find((m) => m.subject?.includes('Meeting')));
    expect(mail.subject).toBe('Alarm bei Meeting room: CO2 bei 1200 ppm');
    expect(mail.text).toContain('Hallo Ada-de,');
    expect(mail.text).toContain('über dem Schwellenwert von 1000 ppm');
    expect(mail.text).toContain('Angewendeter Modus: Boost auf Office.');
    expect(mail.text).toContain(`${PUBLIC_URL}/sensors/${s}`);
    expect(mail.html).toContain('lang="de"');
    const [row] = await database.db.select().from(mails).where(eq(mails.to, owner.email));
    expect(row).toMatchObject({ template: 'notification', status: 'sent', lang: 'de' });
  });

  it('writes each of the five languages', async () => {
    const subjects: Record<string, string> = {
      fr: 'Alerte sur Meeting room : CO2 à 1200 ppm',
      en: 'Alert on Meeting room: CO2 at 1200 ppm',
      es: 'Alerta en Meeting room: CO2 en 1200 ppm',
      zh: 'Meeting room 警报：CO2 达到 1200 ppm',
    };
    for (const [lang, subject] of Object.entries(subjects)) {
      const owner = await person(lang);
      await post(await alarmedSensor(owner.id), [[10, 1200]]);
      const mail = await waitFor(() =>
        peer.messages.find((m) => m.to && JSON.stringify(m.to).includes(owner.email)),
      );
      expect(mail.subject).toBe(subject);
    }
  });

  it('defers the mail of an alert raised in quiet hours to their end, then sends it', async () => {
    // Quiet hours around this moment, in UTC: from an hour ago to two hours from now.
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const real = Date.now();
    const owner = await person('en', {
      quiet_hours: { start: hhmm(real - 3600_000), end: hhmm(real + 7200_000) },
      time_zone: 'UTC',
    });
    const s = await alarmedSensor(owner.id);
    await createEvaluateAlertRulesTask({
      db: database.db,
      logger,
      channels: emailChannel(PUBLIC_URL),
      mailQueue: queue,
    })(await samplesOf(s, [[10, 1200]]));
    const [mail] = await database.db.select().from(mails).where(eq(mails.to, owner.email));
    expect(mail!.status).toBe('pending');
    const end = Math.floor((real + 7200_000) / 60_000) * 60_000;
    const job = (await queue.getJob(mail!.id))!;
    expect(await job.getState()).toBe('delayed');
    expect(job.timestamp + job.delay).toBeGreaterThanOrEqual(end - 1000);
    expect(job.timestamp + job.delay).toBeLessThanOrEqual(end + 1000);
    // The outbox sweep leaves it alone until then.
    expect(await requeuePendingMails({ db: database.db, queue }, { olderThanMs: -60_000 })).toBe(0);
    expect(await job.getState()).toBe('delayed');
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.messages.some((m) => JSON.stringify(m.to).includes(owner.email))).toBe(false);
    // The end of the quiet hours, brought forward: the mail goes.
    await job.promote();
    await waitFor(() => peer.messages.find((m) => JSON.stringify(m.to).includes(owner.email)));
  });

  it('drops the mail of a user whose access ended before it was sent', async () => {
    const owner = await person('en', {
      channels: {
        ...defaultPreferences().channels,
        alert_triggered: { in_app: true, email: false, push: false, webhook: false },
      },
    });
    const guest = await person('fr');
    const s = await alarmedSensor(owner.id);
    const invitation = randomUUID();
    await database.db.insert(invitations).values({
      id: invitation,
      senderId: owner.id,
      email: guest.email,
      recipientId: guest.id,
      status: 'accepted',
    });
    await database.db.insert(invitationSensors).values({ invitationId: invitation, sensorId: s });
    await post(s, [[10, 1200]], false); // recorded, not queued yet
    const [row] = await database.db.select().from(mails).where(eq(mails.to, guest.email));
    expect(row!.status).toBe('pending');
    await database.db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(eq(invitations.id, invitation));
    const send = createSendMailTask({ db: database.db, transport, logger });
    const result = await send({
      data: { mailId: row!.id },
      attemptsMade: 0,
      opts: { attempts: 8 },
    } as never);
    expect(result).toEqual({ status: 'skipped', reason: 'access_ended' });
    const [after] = await database.db.select().from(mails).where(eq(mails.id, row!.id));
    expect(after!.status).toBe('failed');
    expect(peer.messages.some((m) => JSON.stringify(m.to).includes(guest.email))).toBe(false);
  });

  it('is retried while the SMTP peer is down, then delivered', async () => {
    const owner = await person('en');
    const s = await alarmedSensor(owner.id);
    await post(s, [[10, 1200]], false);
    const [row] = await database.db.select().from(mails).where(eq(mails.to, owner.email));
    const send = createSendMailTask({ db: database.db, transport, logger });
    const job = { data: { mailId: row!.id }, attemptsMade: 0, opts: { attempts: 8 } } as never;
    await peer.stop();
    await expect(send(job)).rejects.toThrow();
    const [failed] = await database.db.select().from(mails).where(eq(mails.id, row!.id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    await peer.start();
    expect(await send(job)).toMatchObject({ status: 'sent' });
  });
});
