import type { Queue } from 'bullmq';
import type { Database } from '../db/client.ts';
import type { JobData } from '../queues.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import { announceNotifications } from './announce.ts';
import { dispatchNotificationMails } from './email.ts';
import { dispatchPushMessages } from './push.ts';
import type { NotificationRow } from './record.ts';
import { dispatchWebhookDeliveries } from './webhooks.ts';

/** Where committed notifications go next (each outlet optional: a test may leave one out). */
export interface NotificationOutlets {
  db: Database;
  io?: RealtimeServer | undefined;
  mailQueue?: Queue<JobData['mail']> | undefined;
  webhookQueue?: Queue<JobData['webhooks']> | undefined;
  pushQueue?: Queue<JobData['push']> | undefined;
}

/**
 * After the commit that recorded them: their mails, webhook deliveries and push messages are
 * queued (delayed to the end of quiet hours where deferred) and the
 * in-app ones announced to the recipients' sockets. A job lost here is queued again by the
 * worker's sweeps (outbox rows stay pending); a missed announcement is read on the next fetch.
 */
export async function handOverNotifications(
  { db, io, mailQueue, webhookQueue, pushQueue }: NotificationOutlets,
  rows: NotificationRow[],
): Promise<void> {
  if (rows.length === 0) return;
  // At once, not one after the other: the bell does not wait for the queues' round trips.
  await Promise.all([
    io ? announceNotifications(db, io, rows) : undefined,
    mailQueue ? dispatchNotificationMails(mailQueue, rows) : undefined,
    webhookQueue ? dispatchWebhookDeliveries(db, webhookQueue, rows) : undefined,
    pushQueue ? dispatchPushMessages(db, pushQueue, rows) : undefined,
  ]);
}
