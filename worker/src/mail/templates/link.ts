import type { Language } from '@aircloud/shared/constants';
import { translate } from '@aircloud/shared/i18n/translate';
import type { MailMessage } from '@aircloud/shared/mail';
import { escapeHtml, MAIL_PARAGRAPH, mailButton, mailHtml, type RenderedMail } from '../layout.ts';

/** The mails whose point is one link: activation, password reset and invitations. */
export type LinkMailMessage = Exclude<
  MailMessage,
  { template: 'sensor_import' } | { template: 'notification' }
>;

/** Renders a link mail in the recipient's language from the `mail.<template>.*` catalogue keys. */
export function renderLinkMail(message: LinkMailMessage, lang: Language): RenderedMail {
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
  const p = MAIL_PARAGRAPH;
  const html = mailHtml({
    lang,
    subject: texts.subject,
    preheader: texts.preheader,
    signature: texts.signature,
    content: `<p style="${p}">${e(texts.greeting)}</p>
<p style="${p}">${e(texts.body)}</p>
${mailButton(link, texts.action)}
<p style="margin:0 0 4px;font-size:13px;color:#52606d;">${e(texts.linkHint)}</p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all;"><a href="${e(link)}" style="color:#0b6e99;">${e(link)}</a></p>
<p style="${p}color:#52606d;">${e(texts.ignore)}</p>`,
  });
  return { subject: texts.subject, text, html, link };
}
