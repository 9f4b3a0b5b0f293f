import { accounts } from '../locales/en/accounts.ts';
import * as errors from '../locales/en/errors.ts';
import { fleet } from '../locales/en/fleet.ts';
import { operations } from '../locales/en/operations.ts';
import { ui } from '../locales/en/ui.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in English: what a browser loads for this language. */
export const catalogue = deepMerge(ui, accounts, fleet, operations, { ...errors });
