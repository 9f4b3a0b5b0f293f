import { accounts } from '../locales/es/accounts.ts';
import * as errors from '../locales/es/errors.ts';
import { fleet } from '../locales/es/fleet.ts';
import { operations } from '../locales/es/operations.ts';
import { ui } from '../locales/es/ui.ts';
import { sensorsApi } from '../locales/es/sensors-api.ts';
import { sensorImports } from '../locales/es/sensor-imports.ts';
import { alertRules } from '../locales/es/alert-rules.ts';
import { sensorScreens } from '../locales/es/sensors.ts';
import { invitations } from '../locales/es/invitations.ts';
import { overview } from '../locales/es/overview.ts';
import { fleetView } from '../locales/es/fleet-view.ts';
import { notificationCenter } from '../locales/es/notification-center.ts';
import { notifications } from '../locales/es/notifications.ts';
import { auditLog } from '../locales/es/audit-log.ts';
import { rollouts } from '../locales/es/rollouts.ts';
import { airChanges } from '../locales/es/air-changes.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in Spanish: what a browser loads for this language. */
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
