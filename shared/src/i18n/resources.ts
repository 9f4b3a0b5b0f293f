import type { Language } from '../constants.ts';
import * as deErrors from './locales/de/errors.ts';
import * as enErrors from './locales/en/errors.ts';
import * as esErrors from './locales/es/errors.ts';
import * as frErrors from './locales/fr/errors.ts';
import * as zhErrors from './locales/zh/errors.ts';
import { accounts as deAccounts } from './locales/de/accounts.ts';
import { accounts as enAccounts } from './locales/en/accounts.ts';
import { accounts as esAccounts } from './locales/es/accounts.ts';
import { accounts as frAccounts } from './locales/fr/accounts.ts';
import { accounts as zhAccounts } from './locales/zh/accounts.ts';
import { fleet as deFleet } from './locales/de/fleet.ts';
import { fleet as enFleet } from './locales/en/fleet.ts';
import { fleet as esFleet } from './locales/es/fleet.ts';
import { fleet as frFleet } from './locales/fr/fleet.ts';
import { fleet as zhFleet } from './locales/zh/fleet.ts';
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

type Tree = { [key: string]: unknown };

/** Merges catalogue parts key by key, so several files may fill one namespace (e.g. `users`). */
function deepMerge(...parts: Tree[]): Tree {
  const out: Tree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] =
        prev && typeof prev === 'object' && value && typeof value === 'object'
          ? deepMerge(prev as Tree, value as Tree)
          : value;
    }
  }
  return out;
}

/** Every catalogue of every language, one tree per language (i18next resource shape). */
export const resources: Record<Language, Tree> = {
  fr: deepMerge(frUi, frAccounts, frFleet, { ...frErrors }, { mail: frMail }),
  en: deepMerge(enUi, enAccounts, enFleet, { ...enErrors }, { mail: enMail }),
  de: deepMerge(deUi, deAccounts, deFleet, { ...deErrors }, { mail: deMail }),
  es: deepMerge(esUi, esAccounts, esFleet, { ...esErrors }, { mail: esMail }),
  zh: deepMerge(zhUi, zhAccounts, zhFleet, { ...zhErrors }, { mail: zhMail }),
};
