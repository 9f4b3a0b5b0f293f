import { accounts } from '../locales/es/accounts.ts';
import * as errors from '../locales/es/errors.ts';
import { fleet } from '../locales/es/fleet.ts';
import { operations } from '../locales/es/operations.ts';
import { ui } from '../locales/es/ui.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in Spanish: what a browser loads for this language. */
export const catalogue = deepMerge(ui, accounts, fleet, operations, { ...errors });
