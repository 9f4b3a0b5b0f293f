import { accounts } from '../locales/de/accounts.ts';
import * as errors from '../locales/de/errors.ts';
import { ui } from '../locales/de/ui.ts';
import { deepMerge } from '../merge.ts';

/**
 * The texts of the screens anyone may open (sign-in, registration, password, error pages): what
 * the login page loads first; the signed-in pages load the whole catalogue (`./de.ts`).
 */
export const catalogue = deepMerge(ui, accounts, { ...errors });
