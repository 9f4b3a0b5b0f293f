import type { Language } from '@aircloud/shared/constants';

/** A mail ready to send: subject, plain-text body and HTML body. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The call-to-action link, logged when mails are written to files. */
  link: string;
}

/** Thrown for an outbox row that can never be rendered (unknown template, missing data). */
export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

/** Escapes a value for HTML text and attribute positions. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The style of a paragraph of a mail. */
export const MAIL_PARAGRAPH = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933;';

/** The call-to-action button of a mail. */
export function mailButton(link: string, label: string): string {
  return `<p style="margin:24px 0;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#0b6e99;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;font-weight:bold;">${escapeHtml(label)}</a></p>`;
}

/**
 * The HTML of a mail: the AirCloud frame around `content` (HTML, already escaped), the hidden
 * preheader first and the signature last.
 */
export function mailHtml(mail: {
  lang: Language;
  subject: string;
  preheader: string;
  content: string;
  signature: string;
}): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(mail.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f6f9;font-family:Arial,Helvetica,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${e(mail.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f6f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td style="font-size:20px;font-weight:bold;color:#0b6e99;padding-bottom:24px;">AirCloud</td></tr>
<tr><td>
${mail.content}
<p style="margin:0;font-size:15px;color:#1f2933;">${e(mail.signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
