import type { Language } from '../constants.ts';
import { catalogue as de } from './catalogues/de.ts';
import { catalogue as en } from './catalogues/en.ts';
import { catalogue as es } from './catalogues/es.ts';
import { catalogue as fr } from './catalogues/fr.ts';
import { catalogue as zh } from './catalogues/zh.ts';
import { invitationMail as deInvitationMail } from './locales/de/invitations.ts';
import { mail as deMail } from './locales/de/mail.ts';
import { notificationMail as deNotificationMail } from './locales/de/notifications.ts';
import { sensorImportMail as deImportMail } from './locales/de/sensor-imports.ts';
import { invitationMail as enInvitationMail } from './locales/en/invitations.ts';
import { mail as enMail } from './locales/en/mail.ts';
import { notificationMail as enNotificationMail } from './locales/en/notifications.ts';
import { sensorImportMail as enImportMail } from './locales/en/sensor-imports.ts';
import { invitationMail as esInvitationMail } from './locales/es/invitations.ts';
import { mail as esMail } from './locales/es/mail.ts';
import { notificationMail as esNotificationMail } from './locales/es/notifications.ts';
import { sensorImportMail as esImportMail } from './locales/es/sensor-imports.ts';
import { invitationMail as frInvitationMail } from './locales/fr/invitations.ts';
import { mail as frMail } from './locales/fr/mail.ts';
import { notificationMail as frNotificationMail } from './locales/fr/notifications.ts';
import { sensorImportMail as frImportMail } from './locales/fr/sensor-imports.ts';
import { invitationMail as zhInvitationMail } from './locales/zh/invitations.ts';
import { mail as zhMail } from './locales/zh/mail.ts';
import { notificationMail as zhNotificationMail } from './locales/zh/notifications.ts';
import { sensorImportMail as zhImportMail } from './locales/zh/sensor-imports.ts';
import { deepMerge, type Tree } from './merge.ts';

/**
 * Every catalogue of every language, mails included (server and worker). The browser loads
 * one language at a time from `./catalogues/<lang>.ts` instead.
 */
export const resources: Record<Language, Tree> = {
  fr: deepMerge(fr, { mail: frMail }, frImportMail, frInvitationMail, frNotificationMail),
  en: deepMerge(en, { mail: enMail }, enImportMail, enInvitationMail, enNotificationMail),
  de: deepMerge(de, { mail: deMail }, deImportMail, deInvitationMail, deNotificationMail),
  es: deepMerge(es, { mail: esMail }, esImportMail, esInvitationMail, esNotificationMail),
  zh: deepMerge(zh, { mail: zhMail }, zhImportMail, zhInvitationMail, zhNotificationMail),
};
