import { accounts } from '../locales/fr/accounts.ts';
import * as errors from '../locales/fr/errors.ts';
import { ui } from '../locales/fr/ui.ts';
import { deepMerge } from '../merge.ts';

/**
 * The texts of the screens anyone may open (sign-in, registration, password, error pages): what
 * the login page loads first; the signed-in pages load the whole catalogue (`./fr.ts`).
 */
export const catalogue = deepMerge(ui, accounts, { ...errors });
