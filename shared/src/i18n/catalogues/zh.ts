import { accounts } from '../locales/zh/accounts.ts';
import * as errors from '../locales/zh/errors.ts';
import { fleet } from '../locales/zh/fleet.ts';
import { operations } from '../locales/zh/operations.ts';
import { ui } from '../locales/zh/ui.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in Chinese: what a browser loads for this language. */
export const catalogue = deepMerge(ui, accounts, fleet, operations, { ...errors });
