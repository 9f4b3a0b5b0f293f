import type { AuditAction, AuditChange } from '@aircloud/shared/audit-log';
import type { UserRow } from '@aircloud/core/users/repository';
import { changeOf } from '@aircloud/core/audit/record';

/**
 * The fields of an account the audit log shows when they change; password and token hashes are
 * not among them and never appear.
 */
export const USER_AUDIT_FIELDS = [
  'email',
  'firstname',
  'lastname',
  'company',
  'phone',
  'lang',
  'role',
  'enabled',
  'avatar',
] as const satisfies readonly (keyof UserRow)[];

/** What an account change did: the fields that differ between `before` and `after`. */
export function userChange(before: UserRow | null, after: UserRow | null): AuditChange {
  return changeOf(before, after, USER_AUDIT_FIELDS);
}

/**
 * The action of an edit, by what matters most: enabling or disabling, then a change of role,
 * then anything else.
 */
export function userUpdateAction(change: AuditChange): AuditAction {
  if (change.enabled) return change.enabled.to === true ? 'user_enabled' : 'user_disabled';
  if (change.role) return 'user_role_changed';
  return 'user_updated';
}
