import { sql, type SQL } from 'drizzle-orm';
import { isUlid } from '@aircloud/shared/ids';
import type { MachineAccess } from '@aircloud/shared/invitations';
import { hasRole, isAdmin, type Role } from '@aircloud/shared/roles';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findPurifier, type PurifierRow } from '../purifiers/repository.ts';
import { findSensor, sensorsOfUserCondition, type SensorRow } from '../sensors/repository.ts';
import type { UserRow } from '../users/repository.ts';
import { controlsPurifierSql, purifierInvitationSql, sensorInvitationSql } from './grants.ts';

/**
 * Who may reach a machine, and the one guard every route, socket and service asks: a purifier
 * is reached by its owner, an administrator, or a user holding an accepted invitation from its
 * owner; a sensor by the same people and by technicians (provisioning). Invited users view and
 * control, never manage (delete, unlink, publish, re-share). The grant itself is grants.ts.
 */

/** The two kinds of machine. */
export type MachineKind = 'purifier' | 'sensor';

/**
 * What a user wants to do with a machine: `view` it, `control` it (mode, settings, schedule,
 * maintenance; a sensor's name, links, imports, rules), or `manage` it (remove or delete it,
 * unlink, publish, delete its history, invite).
 */
export type MachineAction = 'view' | 'control' | 'manage';

/** The row of each kind of machine. */
export interface MachineRows {
  purifier: PurifierRow;
  sensor: SensorRow;
}

/** A machine the caller reaches, with how they reach it. */
export interface ReachedMachine<K extends MachineKind> {
  row: MachineRows[K];
  access: MachineAccess;
}

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
type Actor = Pick<UserRow, 'id' | 'role'>;

/** Technicians provision sensors and admins see everything: both reach every sensor. */
function seesAllSensors(user: Pick<UserRow, 'role'>): boolean {
  return hasRole(user.role as Role, 'ROLE_TECHNICIAN');
}

/** Whether an access allows an action: invited users view and control, never manage. */
export function accessAllows(access: MachineAccess | null, action: MachineAction): boolean {
  if (access === null) return false;
  return access !== 'invited' || action !== 'manage';
}

/** How `user` reaches one machine (owner, invited, admin), or null: no access at all. */
export async function machineAccess(
  db: Pick<Database, 'execute'>,
  user: Actor,
  kind: MachineKind,
  machine: { id: string; userId: string | null },
): Promise<MachineAccess | null> {
  if (machine.userId !== null && machine.userId === user.id) return 'owner';
  if (kind === 'purifier' ? isAdmin(user.role as Role) : seesAllSensors(user)) return 'admin';
  if (machine.userId === null) return null;
  const invitation = kind === 'purifier' ? purifierInvitationSql : sensorInvitationSql;
  const { rows } = await db.execute<{ invited: boolean }>(
    sql`SELECT ${invitation(sql`${user.id}`, sql`${machine.id}`, sql`${machine.userId}`)} AS invited`,
  );
  return rows[0]?.invited ? 'invited' : null;
}

/** The machine `id` of this kind (locked until the transaction ends with `lock`), if any. */
async function machineRow<K extends MachineKind>(
  db: Executor,
  kind: K,
  id: string,
  lock: boolean,
): Promise<MachineRows[K] | undefined> {
  if (!isUlid(id)) return undefined;
  return (
    kind === 'purifier' ? await findPurifier(db, id, lock) : await findSensor(db, id, lock)
  ) as MachineRows[K] | undefined;
}

/**
 * The machine `id` of this kind and how `user` reaches it (locked until the transaction ends
 * with `lock`), or null when it does not exist, `id` is not a ULID, or the user has no access.
 */
export async function findMachine<K extends MachineKind>(
  db: Executor,
  user: Actor,
  kind: K,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ReachedMachine<K> | null> {
  const row = await machineRow(db, kind, id, lock);
  const access = row ? await machineAccess(db, user, kind, row) : null;
  return row && access ? { row, access } : null;
}

/**
 * The one guard: the machine `id` if `user` may do `action` on it. 404 `not_found` when they may
 * not even view it (its existence is not revealed; a malformed id names nothing either), 403
 * `forbidden` when they may view it but not do that.
 */
export async function requireMachine<K extends MachineKind>(
  db: Executor,
  user: Actor,
  kind: K,
  id: string,
  action: MachineAction,
  options: { lock?: boolean } = {},
): Promise<ReachedMachine<K>> {
  const row = await machineRow(db, kind, id, options.lock ?? false);
  const access = await requireReached(db, user, kind, row, action);
  return { row: row!, access };
}

/**
 * The same guard for a machine's row the caller read itself (a detail read in one statement
 * with what its answer shows beside the row): how `user` reaches it, or the same 404 and 403.
 */
export async function requireReached(
  db: Pick<Database, 'execute'>,
  user: Actor,
  kind: MachineKind,
  row: { id: string; userId: string | null } | undefined,
  action: MachineAction,
): Promise<MachineAccess> {
  const access = row ? await machineAccess(db, user, kind, row) : null;
  if (!access) throw new AppError(404, 'not_found');
  if (!accessAllows(access, action)) throw new AppError(403, 'forbidden');
  return access;
}

/**
 * True when user `userId` controls purifier `purifierId` now (grants.ts): what every path that
 * acts for a user without a request (integrations, schedules) asks at the moment it acts.
 */
export async function controlsPurifier(
  db: Pick<Database, 'execute'>,
  userId: string,
  purifierId: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`SELECT ${controlsPurifierSql(sql`${userId}`, sql`${purifierId}`)} AS ok`,
  );
  return rows[0]?.ok === true;
}

/**
 * Whose sensors a list shows `user`: null for every sensor (technicians and administrators),
 * else their own id (owned or shared: sensorsOfUserCondition).
 */
export function sensorListOwner(user: Actor): string | null {
  return seesAllSensors(user) ? null : user.id;
}

/** The sensors `user` may view, as SQL for lists (undefined: all of them). */
export function sensorAccessCondition(user: Actor): SQL | undefined {
  const owner = sensorListOwner(user);
  return owner === null ? undefined : sensorsOfUserCondition(owner);
}
