import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

const mailDir = process.env.E2E_MAIL_DIR ?? path.resolve('var/e2e-3100/mail');

/** Waits for the newest mail sent to `to` (the worker writes .eml files in demo/e2e mode). */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(mailDir).catch(() => [] as string[]);
    for (const file of files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      const recipients = [mail.to].flat().flatMap((a) => a?.value ?? []);
      if (recipients.some((r) => r.address?.toLowerCase() === to.toLowerCase())) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms in ${mailDir}`);
}

/** The first link of a mail's text that starts with `prefix` (e.g. the app's base URL). */
export function linkIn(mail: ParsedMail, pathPart: string): string {
  const links = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no link containing ${pathPart} in mail "${mail.subject}"`);
  return link.replace(/[>)\].,]+$/, '');
}

/** An e-mail address no other run or test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}
