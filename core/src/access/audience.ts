import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { purifierInviteesSql, sensorInviteesSql } from './grants.ts';

/**
 * Whom to tell about a machine (live notifications, ended access): the users it is shared with
 * by its current owner, from the grant of grants.ts. Administrators and technicians reach every
 * machine but are not told about each.
 */

type Executor = Pick<Database, 'execute'>;

/** Users holding an accepted invitation for a purifier from its current owner. */
export async function purifierInvitees(db: Executor, purifierId: string): Promise<string[]> {
  const owner = sql`(SELECT user_id FROM purifiers WHERE id = ${purifierId})`;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT DISTINCT g.recipient_id AS id FROM (${purifierInviteesSql(sql`${purifierId}`, owner)}) g`);
  return rows.map((r) => r.id);
}

/** Who sees a sensor, for live notifications: its owner and the users it is shared with. */
export async function sensorAudience(db: Executor, sensorId: string): Promise<string[]> {
  const owner = sql`(SELECT user_id FROM sensors WHERE id = ${sensorId})`;
  const { rows } = await db.execute<{ user_id: string }>(sql`
    SELECT s.user_id FROM sensors s WHERE s.id = ${sensorId} AND s.user_id IS NOT NULL
    UNION
    ${sensorInviteesSql(sql`${sensorId}`, owner)}`);
  return rows.map((r) => r.user_id);
}
