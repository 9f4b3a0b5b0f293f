import { isAdmin, type Role } from '@aircloud/shared/roles';
import type { UserRow } from '../users/repository.ts';
import type { PurifierRow } from './repository.ts';

/**
 * What a user wants to do with a purifier: `view` it, `control` it (mode, settings, schedule,
 * maintenance), or `manage` it (remove it from the account, unlink, invite).
 */
export type PurifierAction = 'view' | 'control' | 'manage';

/**
 * The one access rule for a purifier: its owner and admins may do everything. Invitations will
 * extend it here: a user holding an accepted invitation may view and control, not manage.
 */
export function canAccessPurifier(
  user: Pick<UserRow, 'id' | 'role'>,
  purifier: Pick<PurifierRow, 'userId'>,
  _action: PurifierAction = 'view',
): boolean {
  if (isAdmin(user.role as Role)) return true;
  return purifier.userId !== null && purifier.userId === user.id;
}
