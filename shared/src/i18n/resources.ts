import type { Language } from '../constants.ts';
import * as deErrors from './locales/de/errors.ts';
import * as enErrors from './locales/en/errors.ts';
import * as esErrors from './locales/es/errors.ts';
import * as frErrors from './locales/fr/errors.ts';
import * as zhErrors from './locales/zh/errors.ts';
import { mail as deMail } from './locales/de/mail.ts';
import { mail as enMail } from './locales/en/mail.ts';
import { mail as esMail } from './locales/es/mail.ts';
import { mail as frMail } from './locales/fr/mail.ts';
import { mail as zhMail } from './locales/zh/mail.ts';
import { ui as deUi } from './locales/de/ui.ts';
import { ui as enUi } from './locales/en/ui.ts';
import { ui as esUi } from './locales/es/ui.ts';
import { ui as frUi } from './locales/fr/ui.ts';
import { ui as zhUi } from './locales/zh/ui.ts';

/** Every catalogue of every language, one tree per language (i18next resource shape). */
export const resources: Record<Language, Record<string, unknown>> = {
  fr: { ...frUi, ...frErrors, mail: frMail },
  en: { ...enUi, ...enErrors, mail: enMail },
  de: { ...deUi, ...deErrors, mail: deMail },
  es: { ...esUi, ...esErrors, mail: esMail },
  zh: { ...zhUi, ...zhErrors, mail: zhMail },
};
