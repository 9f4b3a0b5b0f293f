import { UnrecoverableError, type Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import type { Database } from '@aircloud/core/db/client';
import { mails } from '@aircloud/core/db/schema';
import type { JobData } from '@aircloud/core/queues';
import { refreshTranslationOverrides } from '@aircloud/core/i18n/overrides-cache';
import { seesMachineSql } from '@aircloud/core/notifications/audience';
import { InvalidMailError } from '../mail/layout.ts';
import { parseMailMessage, renderMail } from '../mail/render.ts';
import type { MailTransport } from '../mail/transport.ts';

interface SendMailDeps {
  db: Database;
  transport: MailTransport;
  logger: Logger;
}

/** What a run of the task did, kept as the job's result. */
export type SendMailResult =
  | { status: 'sent'; messageId: string; file?: string }
  | { status: 'skipped'; reason: 'already_sent' | 'unknown_mail' | 'access_ended' };

/**
 * A notification mail goes out only while its recipient still sees the machine (owner or
 * accepted invitation of the owner, enabled account): access that ended since the event ends it.
 */
async function notificationStillDue(db: Database, data: unknown): Promise<boolean> {
  const d = (data ?? {}) as { user_id?: unknown; machine_kind?: unknown; machine_id?: unknown };
  if (typeof d.user_id !== 'string' || typeof d.machine_id !== 'string') return false;
  const kind = d.machine_kind === 'purifier' ? 'purifier' : 'sensor';
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`SELECT ${seesMachineSql(sql`${d.user_id}`, kind, sql`${d.machine_id}`)} AS ok`,
  );
  return rows[0]?.ok === true;
}

/**
 * Sends one mail of the outbox (job `{ mailId }`). Idempotent: a mail already marked sent is
 * not sent again. A failure is recorded on the row and rethrown so BullMQ retries with the
 * queue's backoff; the last attempt marks the mail failed.
 */
export function createSendMailTask({ db, transport, logger }: SendMailDeps) {
  return async function sendMail(job: Job<JobData['mail']>): Promise<SendMailResult> {
    const { mailId } = job.data;
    const [row] = await db.select().from(mails).where(eq(mails.id, mailId)).limit(1);
    if (!row) {
      logger.warn({ mailId }, `mail ${mailId} not found, nothing to send`);
      return { status: 'skipped', reason: 'unknown_mail' };
    }
    if (row.status === 'sent') return { status: 'skipped', reason: 'already_sent' };
    if (row.template === 'notification' && !(await notificationStillDue(db, row.data))) {
      await db
        .update(mails)
        .set({
          status: 'failed',
          lastError: 'access_ended: the recipient no longer sees the machine',
        })
        .where(eq(mails.id, mailId));
      logger.info({ mailId }, `mail ${mailId} dropped: the recipient no longer sees the machine`);
      return { status: 'skipped', reason: 'access_ended' };
    }

    try {
      const lang = pickLanguage(row.lang);
      // Texts an admin overrode on the translations screen apply to mails too.
      await refreshTranslationOverrides(db, logger);
      const rendered = renderMail(parseMailMessage(row.template, row.data), lang);
      const result = await transport.send({ id: row.id, to: row.to, lang, ...rendered });
      await db
        .update(mails)
        .set({
          status: 'sent',
          sentAt: new Date(),
          attempts: sql`${mails.attempts} + 1`,
          lastError: null,
        })
        .where(eq(mails.id, mailId));
      logger.info(
        { mailId, to: row.to, template: row.template, lang, messageId: result.messageId },
        `mail ${mailId} sent`,
      );
      return { status: 'sent', ...result };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const unrecoverable = error instanceof InvalidMailError;
      const lastAttempt = unrecoverable || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await db
        .update(mails)
        .set({
          attempts: sql`${mails.attempts} + 1`,
          lastError: error.message.slice(0, 2000),
          ...(lastAttempt ? { status: 'failed' as const } : {}),
        })
        .where(eq(mails.id, mailId));
      throw unrecoverable ? new UnrecoverableError(error.message) : error;
    }
  };
}
