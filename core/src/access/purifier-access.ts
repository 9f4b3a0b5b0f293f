import { sql, type SQL } from 'drizzle-orm';
import type { MachineAccess } from '@aircloud/shared/invitations';
import { isAdmin, type Role } from '@aircloud/shared/roles';
import type { Database } from '../db/client.ts';
import { purifiers } from '../db/schema/index.ts';
import type { UserRow } from '../users/repository.ts';
import type { PurifierRow } from '../purifiers/repository.ts';

/**
 * What a user wants to do with a purifier: `view` it, `control` it (mode, settings, schedule,
 * maintenance), or `manage` it (remove it from the account, unlink, invite).
 */
export type PurifierAction = 'view' | 'control' | 'manage';

type Executor = Pick<Database, 'execute'>;
type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * SQL true when `userId` holds an accepted invitation for the purifier of the current row,
 * sent by its current owner (a grant dies with the ownership that gave it).
 */
export function invitedToPurifierSql(userId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM invitation_purifiers ip
    JOIN invitations i ON i.id = ip.invitation_id
    WHERE ip.purifier_id = ${purifiers.id} AND i.recipient_id = ${userId}
      AND i.status = 'accepted' AND i.sender_id = ${purifiers.userId})`;
}

/** The purifiers of a list for `userId`: owned, or shared with them by an accepted invitation. */
export function purifierListCondition(userId: string): SQL {
  return sql`(${purifiers.userId} = ${userId} OR ${invitedToPurifierSql(userId)})`;
}

/** How `user` reaches one purifier (owner, invited, admin), or null: no access at all. */
export async function purifierAccess(
  db: Executor,
  user: Actor,
  purifier: Pick<PurifierRow, 'id' | 'userId'>,
): Promise<MachineAccess | null> {
  if (purifier.userId !== null && purifier.userId === user.id) return 'owner';
  if (isAdmin(user.role as Role)) return 'admin';
  if (purifier.userId === null) return null;
  const { rows } = await db.execute<{ invited: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM invitation_purifiers ip
      JOIN invitations i ON i.id = ip.invitation_id
      WHERE ip.purifier_id = ${purifier.id} AND i.recipient_id = ${user.id}
        AND i.status = 'accepted' AND i.sender_id = ${purifier.userId}) AS invited`);
  return rows[0]?.invited ? 'invited' : null;
}

/** Whether an access allows an action: invited users view and control, never manage. */
export function accessAllows(access: MachineAccess | null, action: PurifierAction): boolean {
  if (access === null) return false;
  return access !== 'invited' || action !== 'manage';
}

/**
 * The one access rule for a purifier: its owner and admins may do everything; a user holding
 * an accepted invitation from its owner may view and control it, not manage it.
 */
export async function canAccessPurifier(
  db: Executor,
  user: Actor,
  purifier: Pick<PurifierRow, 'id' | 'userId'>,
  action: PurifierAction = 'view',
): Promise<boolean> {
  return accessAllows(await purifierAccess(db, user, purifier), action);
}
