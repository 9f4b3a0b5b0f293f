import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One mail handed to a transport. */
export interface OutgoingMail {
  /** Outbox row id: names the .eml file and ties log lines to the row. */
  id: string;
  to: string;
  lang: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: an SMTP server, or .eml files for a person to open. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

interface TransportOptions {
  smtpUrl?: string | undefined;
  mailFrom: string;
  mailDir: string;
  logger: Logger;
}

function toMessage(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Content-Language': mail.lang, 'X-AirCloud-Mail-Id': mail.id },
  };
}

/** Opens the SMTP transport when SMTP_URL is set, otherwise the .eml file transport. */
export function createMailTransport(options: TransportOptions): MailTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options)
    : createFileTransport(options);
}

/** Sends over SMTP with nodemailer (the URL may carry `?pool=true` and TLS options). */
function createSmtpTransport(smtpUrl: string, { mailFrom }: TransportOptions): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(toMessage(mail, mailFrom));
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each mail as a real MIME message (`<ISO date>-<mail id>.eml`, colons of the time
 * replaced so the name is valid everywhere) and logs its path and first link, so that without
 * an SMTP server a person can still open an activation link.
 */
function createFileTransport({ mailFrom, mailDir, logger }: TransportOptions): MailTransport {
  const dir = path.resolve(mailDir);
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail(toMessage(mail, mailFrom));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/:/g, '-')}-${mail.id}.eml`);
      await writeFile(file, info.message);
      const link = /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0] ?? null;
      logger.info(
        { mailId: mail.id, file, to: mail.to, link },
        `mail written to ${file} for ${mail.to}: ${link ?? '(no link)'}`,
      );
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
