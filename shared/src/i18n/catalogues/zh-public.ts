import { accounts } from '../locales/zh/accounts.ts';
import * as errors from '../locales/zh/errors.ts';
import { ui } from '../locales/zh/ui.ts';
import { deepMerge } from '../merge.ts';

/**
 * The texts of the screens anyone may open (sign-in, registration, password, error pages): what
 * the login page loads first; the signed-in pages load the whole catalogue (`./zh.ts`).
 */
export const catalogue = deepMerge(ui, accounts, { ...errors });
