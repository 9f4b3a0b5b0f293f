import { accounts } from '../locales/en/accounts.ts';
import * as errors from '../locales/en/errors.ts';
import { fleet } from '../locales/en/fleet.ts';
import { operations } from '../locales/en/operations.ts';
import { ui } from '../locales/en/ui.ts';
import { sensorsApi } from '../locales/en/sensors-api.ts';
import { sensorImports } from '../locales/en/sensor-imports.ts';
import { alertRules } from '../locales/en/alert-rules.ts';
import { sensorScreens } from '../locales/en/sensors.ts';
import { invitations } from '../locales/en/invitations.ts';
import { overview } from '../locales/en/overview.ts';
import { fleetView } from '../locales/en/fleet-view.ts';
import { notificationCenter } from '../locales/en/notification-center.ts';
import { notifications } from '../locales/en/notifications.ts';
import { auditLog } from '../locales/en/audit-log.ts';
import { rollouts } from '../locales/en/rollouts.ts';
import { airChanges } from '../locales/en/air-changes.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in English: what a browser loads for this language. */
export const catalogue = deepMerge(
  ui,
  accounts,
  fleet,
  operations,
  { ...errors },
  sensorsApi,
  sensorImports,
  alertRules,
  sensorScreens,
  invitations,
  overview,
  fleetView,
  notificationCenter,
  notifications,
  auditLog,
  rollouts,
  airChanges,
);
