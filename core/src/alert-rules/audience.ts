import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Who sees a sensor, for live notifications: its owner and the users holding an accepted
 * invitation for it from that owner (the rule of canAccessSensor, without admins and technicians,
 * who see every sensor but are not told about each).
 */
export async function sensorAudience(db: Pick<Database, 'execute'>, sensorId: string) {
  const { rows } = await db.execute<{ user_id: string }>(sql`
    SELECT s.user_id FROM sensors s WHERE s.id = ${sensorId} AND s.user_id IS NOT NULL
    UNION
    SELECT i.recipient_id FROM invitation_sensors isn
      JOIN invitations i ON i.id = isn.invitation_id
      JOIN sensors s ON s.id = isn.sensor_id
     WHERE isn.sensor_id = ${sensorId} AND i.status = 'accepted'
       AND i.sender_id = s.user_id AND i.recipient_id IS NOT NULL`);
  return rows.map((r) => r.user_id);
}
