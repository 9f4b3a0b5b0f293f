import { accounts } from '../locales/de/accounts.ts';
import * as errors from '../locales/de/errors.ts';
import { fleet } from '../locales/de/fleet.ts';
import { operations } from '../locales/de/operations.ts';
import { ui } from '../locales/de/ui.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in German: what a browser loads for this language. */
export const catalogue = deepMerge(ui, accounts, fleet, operations, { ...errors });
