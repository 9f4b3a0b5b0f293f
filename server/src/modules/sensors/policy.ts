import { isAdmin, type Role } from '@aircloud/shared/roles';
import type { UserRow } from '../users/repository.ts';
import type { SensorRow } from './repository.ts';

/** What a user wants to do with a sensor (as for purifiers). */
export type SensorAction = 'view' | 'control' | 'manage';

/**
 * The one access rule for a sensor: its owner and admins. Invitations will extend it here (an
 * invited user may view and control, not manage).
 */
export function canAccessSensor(
  user: Pick<UserRow, 'id' | 'role'>,
  sensor: Pick<SensorRow, 'userId'>,
  _action: SensorAction = 'view',
): boolean {
  if (isAdmin(user.role as Role)) return true;
  return sensor.userId !== null && sensor.userId === user.id;
}
