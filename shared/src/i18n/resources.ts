import type { Language } from '../constants.ts';
import { catalogue as de } from './catalogues/de.ts';
import { catalogue as en } from './catalogues/en.ts';
import { catalogue as es } from './catalogues/es.ts';
import { catalogue as fr } from './catalogues/fr.ts';
import { catalogue as zh } from './catalogues/zh.ts';
import { mail as deMail } from './locales/de/mail.ts';
import { mail as enMail } from './locales/en/mail.ts';
import { mail as esMail } from './locales/es/mail.ts';
import { mail as frMail } from './locales/fr/mail.ts';
import { mail as zhMail } from './locales/zh/mail.ts';
import { deepMerge, type Tree } from './merge.ts';

/**
 * Every catalogue of every language, mails included (server and worker). The browser loads
 * one language at a time from `./catalogues/<lang>.ts` instead.
 */
export const resources: Record<Language, Tree> = {
  fr: deepMerge(fr, { mail: frMail }),
  en: deepMerge(en, { mail: enMail }),
  de: deepMerge(de, { mail: deMail }),
  es: deepMerge(es, { mail: esMail }),
  zh: deepMerge(zh, { mail: zhMail }),
};
