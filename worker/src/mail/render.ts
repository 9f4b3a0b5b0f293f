import type { Language } from '@aircloud/shared/constants';
import type { MailMessage, MailTemplate } from '@aircloud/shared/mail';
import { InvalidMailError, type RenderedMail } from './layout.ts';
import { renderLinkMail } from './templates/link.ts';
import { parseNotificationMail, renderNotificationMail } from './templates/notification.ts';
import { parseSensorImportMail, renderSensorImportMail } from './templates/sensor-import.ts';

const TEMPLATES: readonly MailTemplate[] = [
  'activation',
  'password_reset',
  'invitation',
  'invitation_register',
  'sensor_import',
  'notification',
];
/** Templates whose data also names the sender and the shared machines. */
const INVITATION_TEMPLATES: readonly string[] = ['invitation', 'invitation_register'];

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
  if (template === 'sensor_import') return { template, data: parseSensorImportMail(d) };
  if (template === 'notification') return { template, data: parseNotificationMail(d) };
  if (INVITATION_TEMPLATES.includes(template)) {
    if (typeof d.sender !== 'string' || typeof d.machines !== 'string')
      throw new InvalidMailError(`mail template "${template}" needs data {sender, machines}`);
    return {
      template: template as 'invitation' | 'invitation_register',
      data: { firstname: d.firstname, link: d.link, sender: d.sender, machines: d.machines },
    };
  }
  return {
    template: template as 'activation' | 'password_reset',
    data: { firstname: d.firstname, link: d.link },
  };
}

/** Renders one mail in the recipient's language with its template. */
export function renderMail(message: MailMessage, lang: Language): RenderedMail {
  if (message.template === 'sensor_import') return renderSensorImportMail(message.data, lang);
  if (message.template === 'notification') return renderNotificationMail(message.data, lang);
  return renderLinkMail(message, lang);
}
