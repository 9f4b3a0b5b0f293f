import type { Language } from '@aircloud/shared/constants';
import { translate } from '@aircloud/shared/i18n/translate';
import type { MailMessage, MailTemplate } from '@aircloud/shared/mail';

/** A mail ready to send: subject, plain-text body and HTML body. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The call-to-action link, logged when mails are written to files. */
  link: string;
}

const TEMPLATES: readonly MailTemplate[] = ['activation', 'password_reset'];

/** Thrown for an outbox row that can never be rendered (unknown template, missing data). */
export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

/** Checks an outbox row's template and data (jsonb, so untyped) and returns the typed message. */
export function parseMailMessage(template: string, data: unknown): MailMessage {
  if (!(TEMPLATES as readonly string[]).includes(template)) {
    throw new InvalidMailError(`unknown mail template "${template}"`);
  }
  const d = (data ?? {}) as Record<string, unknown>;
  if (
    typeof d.firstname !== 'string' ||
    typeof d.link !== 'string' ||
    !/^https?:\/\//.test(d.link)
  ) {
    throw new InvalidMailError(`mail template "${template}" needs data {firstname, link}`);
  }
  return { template: template as MailTemplate, data: { firstname: d.firstname, link: d.link } };
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

/** Renders one mail in the recipient's language from the `mail.<template>.*` catalogue keys. */
export function renderMail(message: MailMessage, lang: Language): RenderedMail {
  const t = (part: string) => translate(lang, `mail.${message.template}.${part}`, message.data);
  const { link } = message.data;
  const texts = {
    subject: t('subject'),
    preheader: t('preheader'),
    greeting: t('greeting'),
    body: t('body'),
    action: t('action'),
    linkHint: t('link_hint'),
    ignore: t('ignore'),
    signature: t('signature'),
  };

  const text = [
    texts.greeting,
    '',
    texts.body,
    '',
    `${texts.action}: ${link}`,
    '',
    texts.ignore,
    '',
    '-- ',
    texts.signature,
    '',
  ].join('\n');

  const e = escapeHtml;
  const p = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933;';
  const html = `<!doctype html>
<html lang="${e(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(texts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f6f9;font-family:Arial,Helvetica,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${e(texts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f6f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td style="font-size:20px;font-weight:bold;color:#0b6e99;padding-bottom:24px;">AirCloud</td></tr>
<tr><td>
<p style="${p}">${e(texts.greeting)}</p>
<p style="${p}">${e(texts.body)}</p>
<p style="margin:24px 0;text-align:center;"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background:#0b6e99;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;font-weight:bold;">${e(texts.action)}</a></p>
<p style="margin:0 0 4px;font-size:13px;color:#52606d;">${e(texts.linkHint)}</p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all;"><a href="${e(link)}" style="color:#0b6e99;">${e(link)}</a></p>
<p style="${p}color:#52606d;">${e(texts.ignore)}</p>
<p style="margin:0;font-size:15px;color:#1f2933;">${e(texts.signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: texts.subject, text, html, link };
}
