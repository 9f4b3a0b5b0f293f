import type { Queue } from 'bullmq';
import type { MailJob } from '@aircloud/shared/mail';
import { ulid } from '../lib/ulid.ts';
import type { Database } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';
import type { JobData } from '../queues.ts';

type Executor = Pick<Database, 'insert'>;

/** Records a mail in the outbox; call inside the transaction of the change that causes it. */
export async function recordMail(tx: Executor, mail: MailJob): Promise<string> {
  const id = ulid();
  await tx.insert(mails).values({
    id,
    to: mail.to,
    lang: mail.lang,
    template: mail.template,
    data: mail.data,
  });
  return id;
}

/**
 * Asks the worker to send a recorded mail: the one job of the outbox, whose id is the mail id
 * (a mail whose job is waiting, delayed or running is never queued twice). Answers whether the
 * queue took it; a failure here loses nothing: the worker's sweep picks up mails left pending.
 */
export async function dispatchMail(
  queue: Queue<JobData['mail']>,
  mailId: string,
  delayMs = 0,
): Promise<boolean> {
  const delay = delayMs > 0 ? { delay: delayMs } : {};
  return queue.add('send', { mailId }, { jobId: mailId, ...delay }).then(
    () => true,
    () => false,
  );
}
