import type { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { completePreferences, type NotificationPreferences } from '@aircloud/shared/notifications';
import type { NotificationMailData } from '@aircloud/shared/mail';
import { pickLanguage } from '@aircloud/shared/i18n/translate';
import { mails } from '../db/schema/index.ts';
import { dispatchMail } from '../outbox/outbox.ts';
import type { JobData } from '../queues.ts';
import { deferredDelayMs } from './quiet-hours.ts';
import type { ChannelHook, NotificationRow } from './record.ts';

/**
 * The e-mail channel: a notification handed to e-mail becomes a row of the `mails` outbox in the
 * same transaction, with the notification's id as the mail's id (so the job that sends it is
 * queued once, and whoever committed it can queue it without reading it back). The worker's
 * SendMail task renders it in the recipient's language and checks, when sending, that the
 * recipient still sees the machine.
 */
export function emailChannel(publicUrl: string): ChannelHook {
  return async (tx, row, channels) => {
    if (!channels.includes('email') || !row.machineKind || !row.machineId) return;
    if (row.type === 'webhook_disabled') return;
    const { rows } = await tx.execute<{
      email: string;
      lang: string;
      firstname: string;
      preferences: NotificationPreferences | null;
    }>(sql`
      SELECT u.email, u.lang, u.firstname, np.preferences FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id
       WHERE u.id = ${row.userId}`);
    const user = rows[0];
    if (!user) return;
    const path = row.machineKind === 'purifier' ? 'purifiers' : 'sensors';
    const data: NotificationMailData = {
      firstname: user.firstname,
      link: `${publicUrl}/${path}/${row.machineId}`,
      user_id: row.userId,
      type: row.type,
      machine_kind: row.machineKind,
      machine_id: row.machineId,
      payload: row.payload,
      time_zone: completePreferences(user.preferences).time_zone,
    };
    await tx.insert(mails).values({
      id: row.id,
      to: user.email,
      lang: pickLanguage(user.lang),
      template: 'notification',
      data,
    });
  };
}

/**
 * After the commit: queues the mails of the notifications handed to e-mail, delayed to the end
 * of the quiet hours that deferred them (a job lost here is queued again by the outbox sweep,
 * which leaves deferred mails alone until then).
 */
export async function dispatchNotificationMails(
  queue: Queue<JobData['mail']>,
  rows: NotificationRow[],
): Promise<void> {
  await Promise.all(
    rows
      .filter((r) => r.channels.includes('email'))
      .map((r) => dispatchMail(queue, r.id, deferredDelayMs(r))),
  );
}
