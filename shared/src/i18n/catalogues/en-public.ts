import { accounts } from '../locales/en/accounts.ts';
import * as errors from '../locales/en/errors.ts';
import { ui } from '../locales/en/ui.ts';
import { deepMerge } from '../merge.ts';

/**
 * The texts of the screens anyone may open (sign-in, registration, password, error pages): what
 * the login page loads first; the signed-in pages load the whole catalogue (`./en.ts`).
 */
export const catalogue = deepMerge(ui, accounts, { ...errors });
