import { accounts } from '../locales/fr/accounts.ts';
import * as errors from '../locales/fr/errors.ts';
import { fleet } from '../locales/fr/fleet.ts';
import { operations } from '../locales/fr/operations.ts';
import { ui } from '../locales/fr/ui.ts';
import { sensorsApi } from '../locales/fr/sensors-api.ts';
import { sensorImports } from '../locales/fr/sensor-imports.ts';
import { alertRules } from '../locales/fr/alert-rules.ts';
import { sensorScreens } from '../locales/fr/sensors.ts';
import { invitations } from '../locales/fr/invitations.ts';
import { overview } from '../locales/fr/overview.ts';
import { fleetView } from '../locales/fr/fleet-view.ts';
import { notificationCenter } from '../locales/fr/notification-center.ts';
import { notifications } from '../locales/fr/notifications.ts';
import { auditLog } from '../locales/fr/audit-log.ts';
import { rollouts } from '../locales/fr/rollouts.ts';
import { airChanges } from '../locales/fr/air-changes.ts';
import { deepMerge } from '../merge.ts';

/** Every interface text in French: what a browser loads for this language. */
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
