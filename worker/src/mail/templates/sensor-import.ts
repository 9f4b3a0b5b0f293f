import type { Language } from '@aircloud/shared/constants';
import { translate } from '@aircloud/shared/i18n/translate';
import type { SensorImportMailData } from '@aircloud/shared/mail';
import type { ImportRejection } from '@aircloud/shared/sensors';
import {
  escapeHtml,
  InvalidMailError,
  MAIL_PARAGRAPH,
  mailButton,
  mailHtml,
  type RenderedMail,
} from '../layout.ts';

const COUNTS = ['rows_read', 'rows_stored', 'rows_duplicate', 'rows_rejected'] as const;

/** Checks the data of a `sensor_import` outbox row (jsonb, so untyped). */
export function parseSensorImportMail(d: Record<string, unknown>): SensorImportMailData {
  const ok =
    typeof d.firstname === 'string' &&
    typeof d.link === 'string' &&
    typeof d.sensor === 'string' &&
    typeof d.file === 'string' &&
    COUNTS.every((c) => typeof d[c] === 'number') &&
    Array.isArray(d.rejections);
  if (!ok) throw new InvalidMailError('mail template "sensor_import" needs the import report');
  return d as unknown as SensorImportMailData;
}

/** One rejected line, its reason translated. */
function rejectionLine(r: ImportRejection, lang: Language): string {
  const reason = translate(lang, r.reason);
  return r.column
    ? translate(lang, 'mail.sensor_import.rejection_column', { ...r, reason })
    : translate(lang, 'mail.sensor_import.rejection', { ...r, reason });
}

/**
 * The confirmation of a completed import in the recipient's language: rows read, stored,
 * duplicates skipped and rejected, then the rejected lines with their reasons (the first 100).
 */
export function renderSensorImportMail(data: SensorImportMailData, lang: Language): RenderedMail {
  const values = { ...data, stored: data.rows_stored, read: data.rows_read };
  const t = (part: string, extra: Record<string, unknown> = {}) =>
    translate(lang, `mail.sensor_import.${part}`, { ...values, ...extra });
  const counts = COUNTS.map((c) => t(c, { count: data[c] }));
  const lines = data.rejections.map((r) => rejectionLine(r, lang));
  const more =
    data.rows_rejected > data.rejections.length
      ? t('rejections_more', { count: data.rejections.length })
      : null;
  const subject = t('subject');

  const text = [
    t('greeting'),
    '',
    t('body'),
    '',
    ...counts,
    ...(lines.length > 0 ? ['', t('rejections'), ...lines.map((l) => `- ${l}`)] : []),
    ...(more ? ['', more] : []),
    '',
    `${t('action')}: ${data.link}`,
    '',
    '-- ',
    t('signature'),
    '',
  ].join('\n');

  const e = escapeHtml;
  const p = MAIL_PARAGRAPH;
  const li = 'margin:0 0 4px;font-size:14px;color:#1f2933;';
  const html = mailHtml({
    lang,
    subject,
    preheader: t('preheader'),
    signature: t('signature'),
    content: `<p style="${p}">${e(t('greeting'))}</p>
<p style="${p}">${e(t('body'))}</p>
<ul style="margin:0 0 16px;padding-left:20px;">${counts.map((c) => `<li style="${li}">${e(c)}</li>`).join('')}</ul>
${
  lines.length > 0
    ? `<p style="${p}margin-bottom:8px;font-weight:bold;">${e(t('rejections'))}</p>
<ul style="margin:0 0 16px;padding-left:20px;">${lines.map((l) => `<li style="${li}">${e(l)}</li>`).join('')}</ul>`
    : ''
}
${more ? `<p style="${p}color:#52606d;">${e(more)}</p>` : ''}
${mailButton(data.link, t('action'))}`,
  });
  return { subject, text, html, link: data.link };
}
