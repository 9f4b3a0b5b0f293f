import type { Language } from '@aircloud/shared/constants';
import { translate } from '@aircloud/shared/i18n/translate';
import type { NotificationMailData } from '@aircloud/shared/mail';
import { NOTIFICATION_TYPES } from '@aircloud/shared/notifications';
import { MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import {
  escapeHtml,
  InvalidMailError,
  MAIL_PARAGRAPH,
  mailButton,
  mailHtml,
  type RenderedMail,
} from '../layout.ts';

/** Checks the data of a `notification` outbox row (jsonb, so untyped). */
export function parseNotificationMail(d: Record<string, unknown>): NotificationMailData {
  const ok =
    typeof d.user_id === 'string' &&
    typeof d.machine_id === 'string' &&
    (d.machine_kind === 'purifier' || d.machine_kind === 'sensor') &&
    (NOTIFICATION_TYPES as readonly unknown[]).includes(d.type) &&
    typeof d.time_zone === 'string' &&
    typeof d.payload === 'object' &&
    d.payload !== null &&
    typeof (d.payload as { machine_name?: unknown }).machine_name === 'string';
  if (!ok) throw new InvalidMailError('mail template "notification" needs the notification');
  return d as unknown as NotificationMailData;
}

/** A date and time in the recipient's language and time zone. */
function when(iso: string | null | undefined, lang: Language, timeZone: string): string {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString();
  }
}

/**
 * What a notification says in the recipient's language: the event as a subject, then its lines
 * (the event, the mode applied and the purifiers for an alert, what flapping control held
 * back). The mail and the push message say the same.
 */
export function notificationTexts(
  data: Pick<NotificationMailData, 'type' | 'payload' | 'time_zone'> & { firstname?: string },
  lang: Language,
): { subject: string; lines: string[]; t: (part: string) => string } {
  const p = data.payload;
  const measure = p.measure as GraphMeasure | undefined;
  const unit = measure ? (MEASURE_UNITS[measure] ?? '') : '';
  const withUnit = (n: number | null | undefined) =>
    n === null || n === undefined ? '—' : `${n}${unit ? ` ${unit}` : ''}`;
  const values = {
    firstname: data.firstname ?? '',
    machine: p.machine_name,
    measure: measure ? translate(lang, `sensor.measures.${measure}`) : '',
    value: withUnit(p.value),
    threshold: withUnit(p.threshold),
    level: p.level ? translate(lang, `maintenance.level.${p.level}`) : '',
    percent: p.percent ?? '',
    due: when(p.due_at, lang, data.time_zone),
    ach: p.ach ?? '—',
    target: p.target_ach ?? '',
    since: when(
      data.type === 'device_online' ? p.offline_since : p.last_seen_at,
      lang,
      data.time_zone,
    ),
  };
  const t = (part: string, extra: Record<string, unknown> = {}) =>
    translate(lang, `mail.notification.${part}`, { ...values, ...extra });

  // A stop a user caused says who and why instead of the value the measure went back to.
  const stoppedBy =
    data.type === 'alert_stopped' && p.reason && p.stopped_by
      ? { name: p.stopped_by.name, reason: t(`stop_reason_${p.reason}`) }
      : null;
  const subject = stoppedBy ? t('subject_alert_stopped_by', stoppedBy) : t(`subject_${data.type}`);
  const lines = [stoppedBy ? t('body_alert_stopped_by', stoppedBy) : t(`body_${data.type}`)];
  if (data.type === 'alert_triggered' || data.type === 'alert_stopped') {
    const mode = p.mode ? translate(lang, `purifiers.modes.${p.mode}`) : '';
    const names = (p.purifiers ?? []).map((x) => x.name).join(', ');
    lines.push(names ? t('mode', { mode, purifiers: names }) : t('mode_none', { mode }));
  }
  if (p.suppressed)
    lines.push(
      t('suppressed', {
        count: p.suppressed.count,
        since: when(p.suppressed.since, lang, data.time_zone),
      }),
    );
  return { subject, lines, t: (part) => t(part) };
}

/**
 * A notification in the recipient's language: the event in the subject and the first line,
 * the mode applied and the purifiers for an alert, what flapping control held back, a button
 * to the machine.
 */
export function renderNotificationMail(data: NotificationMailData, lang: Language): RenderedMail {
  const { subject, lines, t } = notificationTexts(data, lang);

  const text = [
    t('greeting'),
    '',
    ...lines,
    '',
    `${t('action')}: ${data.link}`,
    '',
    t('preferences'),
    '',
    '-- ',
    t('signature'),
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = mailHtml({
    lang,
    subject,
    preheader: lines[0]!,
    signature: t('signature'),
    content: `<p style="${MAIL_PARAGRAPH}">${e(t('greeting'))}</p>
${lines.map((l) => `<p style="${MAIL_PARAGRAPH}">${e(l)}</p>`).join('\n')}
${mailButton(data.link, t('action'))}
<p style="${MAIL_PARAGRAPH}color:#52606d;font-size:13px;">${e(t('preferences'))}</p>`,
  });
  return { subject, text, html, link: data.link };
}
