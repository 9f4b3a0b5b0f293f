import type { Queue } from 'bullmq';
import type { Database } from '../db/client.ts';
import type { JobData } from '../queues.ts';
import type { RealtimeServer } from '../realtime/emitter.ts';
import { announceNotifications } from './announce.ts';
import { dispatchNotificationMails } from './email.ts';
import type { NotificationRow } from './record.ts';
import { dispatchWebhookDeliveries } from './webhooks.ts';

/** Where committed notifications go next (each outlet optional: a test may leave one out). */
export interface NotificationOutlets {
  db: Database;
  io?: RealtimeServer;
  mailQueue?: Queue<JobData['mail']>;
  webhookQueue?: Queue<JobData['webhooks']>;
}

/**
 * After the commit that recorded them: their mails and webhook deliveries are queued and the
 * in-app ones announced to the recipients' sockets. A job lost here is queued again by the
 * worker's sweeps (outbox rows stay pending); a missed announcement is read on the next fetch.
 */
export async function handOverNotifications(
  { db, io, mailQueue, webhookQueue }: NotificationOutlets,
  rows: NotificationRow[],
): Promise<void> {
  if (rows.length === 0) return;
  if (mailQueue) await dispatchNotificationMails(mailQueue, rows);
  if (webhookQueue) await dispatchWebhookDeliveries(db, webhookQueue, rows);
  if (io) await announceNotifications(db, io, rows);
}
