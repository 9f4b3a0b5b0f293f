import { accounts } from '../locales/es/accounts.ts';
import * as errors from '../locales/es/errors.ts';
import { ui } from '../locales/es/ui.ts';
import { deepMerge } from '../merge.ts';

/**
 * The texts of the screens anyone may open (sign-in, registration, password, error pages): what
 * the login page loads first; the signed-in pages load the whole catalogue (`./es.ts`).
 */
export const catalogue = deepMerge(ui, accounts, { ...errors });
