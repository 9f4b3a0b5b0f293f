import type { Language } from './constants.ts';

/** The mails the worker sends, with the data each template needs. */
export type MailMessage =
  | { template: 'activation'; data: { firstname: string; link: string } }
  | { template: 'password_reset'; data: { firstname: string; link: string } };
export type MailTemplate = MailMessage['template'];

/** One queued mail: recipient, language and template data. Stored in the `mails` table. */
export type MailJob = MailMessage & { to: string; lang: Language };
