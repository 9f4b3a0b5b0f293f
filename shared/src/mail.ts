import type { Language } from './constants.ts';
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

/** The mails the worker sends, with the data each template needs. */
export type MailMessage =
  | { template: 'activation'; data: { firstname: string; link: string } }
  | { template: 'password_reset'; data: { firstname: string; link: string } }
  | {
      /** An invitation to an account holder (`invitation`) or to someone to register first. */
      template: 'invitation' | 'invitation_register';
      data: { firstname: string; link: string; sender: string; machines: string };
    }
  | { template: 'sensor_import'; data: SensorImportMailData };
export type MailTemplate = MailMessage['template'];

/** One queued mail: recipient, language and template data. Stored in the `mails` table. */
export type MailJob = MailMessage & { to: string; lang: Language };
