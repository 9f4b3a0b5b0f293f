import type { Queue, Worker } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '@aircloud/core/db/schema';
import {
  createQueue,
  createRedisConnection,
  createWorker,
  QUEUES,
  type JobData,
} from '@aircloud/core/queues';
import { recordMail } from '@aircloud/core/outbox/outbox';
import { createSendMailTask } from '../tasks/SendMailTask.ts';
import {
  createTestDatabase,
  deleteRedisPrefix,
  memoryLogger,
  startSmtpPeer,
  testRedisPrefix,
  waitFor,
  type SmtpPeer,
} from '../../test/harness.ts';
import { requeuePendingMails, startMailSweep } from './sweep.ts';
import { createMailTransport, type MailTransport } from './transport.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let redis: Redis;
let prefix: string;
let peer: SmtpPeer;
let transport: MailTransport;
let queue: Queue<JobData['mail']>;
let worker: Worker<JobData['mail']> | undefined;
const { logger } = memoryLogger();

beforeAll(async () => {
  database = await createTestDatabase();
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

/** Records a mail as the server does when Redis is down: committed, never queued. */
async function recordUnqueued(to: string, link: string, ageMs: number) {
  const id = await recordMail(database.db, {
    to,
    lang: 'en',
    template: 'activation',
    data: { firstname: 'Sam', link },
  });
  await database.db
    .update(mails)
    .set({ createdAt: sql`now() - make_interval(secs => ${ageMs / 1000})` })
    .where(eq(mails.id, id));
  return id;
}

describe('mail sweep', () => {
  it('queues a mail pending for more than 30 s once, and leaves recent ones to their own job', async () => {
    const oldId = await recordUnqueued(
      'old@example.test',
      'http://localhost:3000/easy-connect?token=old',
      60_000,
    );
    const recentId = await recordUnqueued(
      'recent@example.test',
      'http://localhost:3000/easy-connect?token=recent',
      0,
    );

    expect(await requeuePendingMails({ db: database.db, queue })).toBe(1);
    expect(await (await queue.getJob(oldId))?.getState()).toBe('waiting');
    expect(await queue.getJob(recentId)).toBeUndefined();
    // A second sweep while the job waits adds nothing.
    expect(await requeuePendingMails({ db: database.db, queue })).toBe(0);
    expect(await queue.getJobCounts('waiting')).toMatchObject({ waiting: 1 });
  });

  it('gets a pending mail that was never queued delivered by the running worker', async () => {
    worker = createWorker(QUEUES.mail, createSendMailTask({ db: database.db, transport, logger }), {
      connection: redis,
      redisPrefix: prefix,
      logger,
    });
    const link = 'http://localhost:3000/easy-connect?token=swept';
    const id = await recordUnqueued('swept@example.test', link, 45_000);

    const sweep = startMailSweep({ db: database.db, queue, logger }, { intervalMs: 200 });
    try {
      const message = await waitFor(
        () => peer.messages.find((m) => m.text?.includes(link)),
        10_000,
        'swept mail',
      );
      expect(message.subject).toBe('Activate your AirCloud account');
      await waitFor(async () => {
        const [row] = await database.db.select().from(mails).where(eq(mails.id, id));
        return row?.status === 'sent';
      });
      // Further sweeps never send it twice.
      await new Promise((r) => setTimeout(r, 600));
      expect(peer.messages.filter((m) => m.text?.includes(link))).toHaveLength(1);
    } finally {
      await sweep.stop();
    }
  });
});
