import type { Language } from './constants.ts';
import type { NotificationPayload, NotificationType } from './notifications.ts';
import type { ImportRejection } from './sensors.ts';

/** The report of a completed sensor data import; `link` opens the sensor. */
export interface SensorImportMailData {
  firstname: string;
  link: string;
  sensor: string;
  file: string;
  rows_read: number;
  rows_stored: number;
  rows_duplicate: number;
  rows_rejected: number;
  /** The first rejected lines (reasons are catalogue keys, translated when rendered). */
  rejections: ImportRejection[];
}

/**
 * A notification by e-mail (shared/src/notifications.ts): who and what it is about, so the
 * worker checks at sending time that the recipient still sees the machine.
 */
export interface NotificationMailData {
  firstname: string;
  /** Opens the machine. */
  link: string;
  user_id: string;
  type: NotificationType;
  machine_kind: 'purifier' | 'sensor';
  machine_id: string;
  payload: NotificationPayload;
  /** The recipient's time zone, for the times in the mail. */
  time_zone: string;
}

/** The mails the worker sends, with the data each template needs. */
export type MailMessage =
  | { template: 'activation'; data: { firstname: string; link: string } }
  | { template: 'password_reset'; data: { firstname: string; link: string } }
  | {
      /** An invitation to an account holder (`invitation`) or to someone to register first. */
      template: 'invitation' | 'invitation_register';
      data: { firstname: string; link: string; sender: string; machines: string };
    }
  | { template: 'sensor_import'; data: SensorImportMailData }
  | { template: 'notification'; data: NotificationMailData };
export type MailTemplate = MailMessage['template'];

/** One queued mail: recipient, language and template data. Stored in the `mails` table. */
export type MailJob = MailMessage & { to: string; lang: Language };
