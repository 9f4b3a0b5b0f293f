import { isAdmin, type Role } from '@aircloud/shared/roles';
import type { UserUpdateInput } from '@aircloud/shared/users';
import { AppError } from '@aircloud/core/errors';
import type { UserRow } from '@aircloud/core/users/repository';

/** Admins reach every user; others only their own record (403 otherwise). */
export function assertCanReach(actor: UserRow, targetId: string): void {
  if (!isAdmin(actor.role as Role) && actor.id !== targetId) throw new AppError(403, 'forbidden');
}

/** What a change does to the admin count: true when the target stops being an enabled admin. */
export function removesAnAdmin(target: UserRow, change: { role?: string; enabled?: boolean }) {
  if (target.role !== 'ROLE_ADMIN' || !target.enabled) return false;
  return (change.role !== undefined && change.role !== 'ROLE_ADMIN') || change.enabled === false;
}

/** On one's own record, role, e-mail and enabled may only be sent unchanged (403 otherwise). */
export function assertSelfEditAllowed(target: UserRow, input: UserUpdateInput): void {
  if (
    (input.role !== undefined && input.role !== target.role) ||
    (input.email !== undefined && input.email !== target.email) ||
    (input.enabled !== undefined && input.enabled !== target.enabled)
  )
    throw new AppError(403, 'forbidden');
}
