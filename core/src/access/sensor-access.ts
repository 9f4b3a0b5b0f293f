import { sql, type SQL } from 'drizzle-orm';
import type { MachineAccess } from '@aircloud/shared/invitations';
import { hasRole, type Role } from '@aircloud/shared/roles';
import type { Database } from '../db/client.ts';
import { sensors } from '../db/schema/index.ts';
import { accessAllows } from './purifier-access.ts';
import type { UserRow } from '../users/repository.ts';
import type { SensorRow } from '../sensors/repository.ts';

/**
 * What a user wants to do with a sensor: `view` it (detail, graphs, export), `control` it
 * (rename, public toggle, purifier links, import, rules), or `manage` it (delete it, delete its
 * history, invite).
 */
export type SensorAction = 'view' | 'control' | 'manage';

type Executor = Pick<Database, 'execute'>;
type Actor = Pick<UserRow, 'id' | 'role'>;

/** Technicians provision sensors and admins see everything: both reach every sensor. */
function seesAllSensors(user: Pick<UserRow, 'role'>): boolean {
  return hasRole(user.role as Role, 'ROLE_TECHNICIAN');
}

/**
 * SQL true when `userId` holds an accepted invitation for the sensor of the current row, sent
 * by its current owner (a grant dies with the ownership that gave it).
 */
export function invitedToSensorSql(userId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM invitation_sensors isn
    JOIN invitations i ON i.id = isn.invitation_id
    WHERE isn.sensor_id = ${sensors.id} AND i.recipient_id = ${userId}
      AND i.status = 'accepted' AND i.sender_id = ${sensors.userId})`;
}

/**
 * How `user` reaches one sensor (owner; technicians and admins as `admin`; `invited` through an
 * accepted invitation from its owner: view and control, never manage), or null: no access.
 */
export async function sensorAccess(
  db: Executor,
  user: Actor,
  sensor: Pick<SensorRow, 'id' | 'userId'>,
): Promise<MachineAccess | null> {
  if (sensor.userId !== null && sensor.userId === user.id) return 'owner';
  if (seesAllSensors(user)) return 'admin';
  if (sensor.userId === null) return null;
  const { rows } = await db.execute<{ invited: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM invitation_sensors isn
      JOIN invitations i ON i.id = isn.invitation_id
      WHERE isn.sensor_id = ${sensor.id} AND i.recipient_id = ${user.id}
        AND i.status = 'accepted' AND i.sender_id = ${sensor.userId}) AS invited`);
  return rows[0]?.invited ? 'invited' : null;
}

/**
 * The one access rule for a sensor: its owner, technicians and admins may do everything
 * (view, control, manage); a user holding an accepted invitation views and controls it.
 */
export async function canAccessSensor(
  db: Executor,
  user: Actor,
  sensor: Pick<SensorRow, 'id' | 'userId'>,
  action: SensorAction = 'view',
): Promise<boolean> {
  return accessAllows(await sensorAccess(db, user, sensor), action);
}

/**
 * The same rule as SQL, for lists: the sensors `user` may view (undefined: all of them). Must
 * agree with canAccessSensor(db, user, sensor, 'view').
 */
export function sensorAccessCondition(user: Actor): SQL | undefined {
  if (seesAllSensors(user)) return undefined;
  return sensorsOfUserCondition(user.id);
}

/** The sensors a user owns or was invited to: their own list, and what view-as-user shows. */
export function sensorsOfUserCondition(userId: string): SQL {
  return sql`(${sensors.userId} = ${userId} OR ${invitedToSensorSql(userId)})`;
}
