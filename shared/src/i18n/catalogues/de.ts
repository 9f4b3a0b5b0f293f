import { accounts } from '../locales/de/accounts.ts';
import * as errors from '../locales/de/errors.ts';
import { fleet } from '../locales/de/fleet.ts';
import { operations } from '../locales/de/operations.ts';
import { ui } from '../locales/de/ui.ts';
import { sensorsApi } from '../locales/de/sensors-api.ts';
import { sensorImports } from '../locales/de/sensor-imports.ts';
import { alertRules } from '../locales/de/alert-rules.ts';
import { sensorScreens } from '../locales/de/sensors.ts';
import { invitations } from '../locales/de/invitations.ts';
import { overview } from '../locales/de/overview.ts';
import { fleetView } from '../locales/de/fleet-view.ts';
import { notificationCenter } from '../locales/de/notification-center.ts';
import { notifications } from '../locales/de/notifications.ts';
import { auditLog } from '../locales/de/audit-log.ts';
import { rollouts } from '../locales/de/rollouts.ts';
import { airChanges } from '../locales/de/air-changes.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in German: what a browser loads for this language. */
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
