import { accounts } from '../locales/zh/accounts.ts';
import * as errors from '../locales/zh/errors.ts';
import { fleet } from '../locales/zh/fleet.ts';
import { operations } from '../locales/zh/operations.ts';
import { ui } from '../locales/zh/ui.ts';
import { sensorsApi } from '../locales/zh/sensors-api.ts';
import { sensorImports } from '../locales/zh/sensor-imports.ts';
import { alertRules } from '../locales/zh/alert-rules.ts';
import { sensorScreens } from '../locales/zh/sensors.ts';
import { invitations } from '../locales/zh/invitations.ts';
import { overview } from '../locales/zh/overview.ts';
import { fleetView } from '../locales/zh/fleet-view.ts';
import { notificationCenter } from '../locales/zh/notification-center.ts';
import { notifications } from '../locales/zh/notifications.ts';
import { auditLog } from '../locales/zh/audit-log.ts';
import { rollouts } from '../locales/zh/rollouts.ts';
import { airChanges } from '../locales/zh/air-changes.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in Chinese: what a browser loads for this language. */
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
