import type { Queue } from 'bullmq';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import { mails } from '@aircloud/core/db/schema';
import { dispatchMail } from '@aircloud/core/outbox/outbox';
import type { JobData } from '@aircloud/core/queues';

interface SweepDeps {
  db: Database;
  queue: Queue<JobData['mail']>;
  logger: Logger;
}

interface SweepOptions {
  /** How long a mail must have been pending before it is queued again. */
  olderThanMs?: number;
  /** Most mails queued again per sweep. */
  batch?: number;
}

/**
 * Queues again the mails still pending after `olderThanMs` (recorded while Redis was down, or
 * whose job was lost). The job id is the mail id, so a mail whose job is waiting, delayed or
 * running is left alone; a finished job of a still-pending mail is removed so it can run again.
 * Returns how many mails were queued.
 */
export async function requeuePendingMails(
  { db, queue }: Pick<SweepDeps, 'db' | 'queue'>,
  { olderThanMs = 30_000, batch = 500 }: SweepOptions = {},
): Promise<number> {
  const rows = await db
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        eq(mails.status, 'pending'),
        lt(mails.createdAt, new Date(Date.now() - olderThanMs)),
        // A notification's mail deferred by quiet hours (same id) waits for their end.
        sql`NOT EXISTS (SELECT 1 FROM notifications n
                         WHERE n.id = ${mails.id} AND n.deliver_after > now())`,
      ),
    )
    .orderBy(asc(mails.createdAt))
    .limit(batch);
  let queued = 0;
  for (const { id } of rows) {
    const job = await queue.getJob(id);
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed') continue;
      await job.remove();
    }
    // The outbox's own job (its id is the mail id); the queue's retry options apply.
    if (await dispatchMail(queue, id)) queued += 1;
  }
  return queued;
}

/** Runs the sweep at once and then every `intervalMs`; `stop` ends it and waits for a running sweep. */
export function startMailSweep(
  deps: SweepDeps,
  { intervalMs = 30_000, ...options }: SweepOptions & { intervalMs?: number } = {},
) {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return running;
    running = requeuePendingMails(deps, options)
      .then((count) => {
        if (count > 0)
          deps.logger.info({ count }, `mail sweep queued ${count} pending mail(s) again`);
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'mail sweep failed, will try again'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    /** Runs one sweep now (or joins the one running). */
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
