import type { Queue, Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@aircloud/shared/i18n/translate';
import { mails, translationOverrides } from '@aircloud/core/db/schema';
import {
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type JobData,
} from '@aircloud/core/queues';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import { escapeHtml } from '../mail/layout.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import {
  createTestDatabase,
  deleteRedisPrefix,
  memoryLogger,
  startSmtpPeer,
  testRedisPrefix,
  waitFor,
  type SmtpPeer,
} from '../../test/harness.ts';
import { createSendMailTask } from './SendMailTask.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;
let redis: Redis;
let prefix: string;
let peer: SmtpPeer;
let transport: MailTransport;
let queue: Queue<JobData['mail']>;
let worker: Worker<JobData['mail']>;

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testRedisPrefix();
  redis = createRedisConnection(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  peer = await startSmtpPeer();
  const { logger } = memoryLogger();
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

async function mailRow(id: string) {
  const [row] = await database.db.select().from(mails).where(eq(mails.id, id));
  return row;
}

const linkFor = (token: string, lang: string) =>
  `http://localhost:3000/renew-password?token=${token}&lang=${lang}`;

// First in the file: this process loads the overrides with its first mail.
describe('SendMailTask and the translations screen', () => {
  it('uses the text an admin overrode for the recipient language', async () => {
    await database.db.insert(translationOverrides).values({
      lang: 'en',
      key: 'mail.password_reset.subject',
      text: 'Choose a new password now',
    });
    const link = linkFor(`override-${Date.now()}`, 'en');
    const id = await recordMail(database.db, {
      to: 'robin@example.test',
      lang: 'en',
      template: 'password_reset',
      data: { firstname: 'Robin', link },
    });
    await dispatchMail(queue, id);
    const mail = await waitFor(() => peer.messages.find((m) => m.text?.includes(link)), 10_000);
    expect(mail.subject).toBe('Choose a new password now');
    await database.db.delete(translationOverrides);
  });
});

describe('SendMailTask over SMTP', () => {
  it('delivers a recorded activation mail in the recipient language with its link, and marks it sent', async () => {
    const frLink = `http://localhost:3000/easy-connect?token=fr-${Date.now()}`;
    const enLink = `http://localhost:3000/easy-connect?token=en-${Date.now()}`;
    const frId = await recordMail(database.db, {
      to: 'camille@example.test',
      lang: 'fr',
      template: 'activation',
      data: { firstname: 'Camille <b>', link: frLink },
    });
    const enId = await recordMail(database.db, {
      to: 'alex@example.test',
      lang: 'en',
      template: 'activation',
      data: { firstname: 'Alex', link: enLink },
    });
    await dispatchMail(queue, frId);
    await dispatchMail(queue, enId);

    const fr = await waitFor(
      () => peer.messages.find((m) => m.text?.includes(frLink)),
      10_000,
      'fr mail',
    );
    const en = await waitFor(
      () => peer.messages.find((m) => m.text?.includes(enLink)),
      10_000,
      'en mail',
    );

    expect(fr.subject).toBe(translate('fr', 'mail.activation.subject'));
    expect(en.subject).toBe(translate('en', 'mail.activation.subject'));
    expect(fr.subject).not.toBe(en.subject);
    expect(fr.subject).toBe('Activez votre compte AirCloud');
    expect(fr.text).toContain('Bonjour Camille <b>,');
    expect(en.text).toContain('Hello Alex,');
    // The HTML button carries the exact link; the name is escaped, never markup.
    expect(fr.html).toContain(`href="${escapeHtml(frLink)}"`);
    expect(fr.html).toContain('Camille &lt;b&gt;');
    expect(fr.html).not.toContain('Camille <b>');
    expect(fr.to && !Array.isArray(fr.to) ? fr.to.text : '').toBe('camille@example.test');

    const row = await waitFor(async () => {
      const r = await mailRow(frId);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();
  });

  it('sends nothing again for a job whose mail is already sent', async () => {
    const link = linkFor(`once-${Date.now()}`, 'en');
    const id = await recordMail(database.db, {
      to: 'once@example.test',
      lang: 'en',
      template: 'password_reset',
      data: { firstname: 'Ona', link },
    });
    await dispatchMail(queue, id);
    await waitFor(async () => (await mailRow(id))?.status === 'sent', 10_000, 'first send');

    // A retried or duplicated job (different job id) for the same mail.
    const again = await queue.add('send', { mailId: id }, { jobId: `${id}-again` });
    const result: unknown = await waitFor(async () => {
      const job = await queue.getJob(again.id!);
      return (await job?.getState()) === 'completed' ? job!.returnvalue : undefined;
    });

    expect(result).toEqual({ status: 'skipped', reason: 'already_sent' });
    expect(peer.messages.filter((m) => m.text?.includes(link))).toHaveLength(1);
    expect((await mailRow(id))?.attempts).toBe(1);
  });

  it('records a failed SMTP attempt, retries with backoff and delivers once the peer is back', async () => {
    const link = linkFor(`retry-${Date.now()}`, 'fr');
    await peer.stop();
    const id = await recordMail(database.db, {
      to: 'retry@example.test',
      lang: 'fr',
      template: 'password_reset',
      data: { firstname: 'Rémi', link },
    });
    await dispatchMail(queue, id);

    const failed = await waitFor(
      async () => {
        const r = await mailRow(id);
        return r && r.attempts >= 1 ? r : undefined;
      },
      10_000,
      'first failed attempt',
    );
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await (await queue.getJob(id))?.getState()).toBe('delayed');

    await peer.start();
    const message = await waitFor(
      () => peer.messages.find((m) => m.text?.includes(link)),
      15_000,
      'retried mail',
    );
    expect(message.subject).toBe('Réinitialisez votre mot de passe AirCloud');
    const row = await waitFor(async () => {
      const r = await mailRow(id);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBeNull();
  });

  it('marks the mail failed after its last attempt', async () => {
    const link = linkFor(`fail-${Date.now()}`, 'en');
    await peer.stop();
    try {
      const id = await recordMail(database.db, {
        to: 'fail@example.test',
        lang: 'en',
        template: 'activation',
        data: { firstname: 'Fay', link },
      });
      await queue.add(
        'send',
        { mailId: id },
        { jobId: id, attempts: 2, backoff: { type: 'fixed', delay: 100 } },
      );

      const row = await waitFor(
        async () => {
          const r = await mailRow(id);
          return r?.status === 'failed' ? r : undefined;
        },
        10_000,
        'failed status',
      );
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeTruthy();
      expect(await (await queue.getJob(id))?.getState()).toBe('failed');
    } finally {
      await peer.start();
    }
  });
});
