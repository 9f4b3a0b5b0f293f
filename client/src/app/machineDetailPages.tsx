import type { MachineAccess } from '@aircloud/shared/invitations';
import { hasRole } from '@aircloud/shared/roles';
import type { Sensor } from '@aircloud/shared/sensors';
import { AlertRulesTab } from '../features/alert-rules/components/AlertRulesTab.tsx';
import { MachineInvitationsTab } from '../features/invitations/components/MachineInvitationsTab.tsx';
import { PurifierDetailPage } from '../features/purifiers/components/PurifierDetailPage.tsx';
import { SensorDetailPage } from '../features/sensors/components/SensorDetailPage.tsx';
import { useAppSelector } from '../lib/storeHooks.ts';

/**
 * The machine detail pages with the tabs of other features (invitations, alert rules): the app
 * composes the features, a feature never imports another one.
 */
export function PurifierDetailComposed() {
  return (
    <PurifierDetailPage
      invitationsTab={(purifier) => (
        <MachineInvitationsTab
          kind="purifier"
          machineUlid={purifier.ulid}
          access={purifier.access}
        />
      )}
    />
  );
}

/** How the signed-in user reaches a sensor, from its owner (sensors carry no `access` field). */
function useSensorAccess(): (sensor: Sensor) => MachineAccess {
  const me = useAppSelector((state) => state.session.user);
  return (sensor) =>
    sensor.owner?.ulid === me?.ulid
      ? 'owner'
      : hasRole(me?.role, 'ROLE_TECHNICIAN')
        ? 'admin'
        : 'invited';
}

/** The sensor detail with its invitations and alert-rule tabs. */
export function SensorDetailComposed() {
  const accessOf = useSensorAccess();
  return (
    <SensorDetailPage
      extraTabs={{
        invitations: (sensor) => (
          <MachineInvitationsTab
            kind="sensor"
            machineUlid={sensor.ulid}
            access={accessOf(sensor)}
          />
        ),
        triggeralerts: (sensor) => <AlertRulesTab sensor={sensor} />,
      }}
    />
  );
}
