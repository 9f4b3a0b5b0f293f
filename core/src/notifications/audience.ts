import { sql, type SQL } from 'drizzle-orm';
import { purifierInviteesSql, sensorInviteesSql } from '../access/grants.ts';

/**
 * Who is told about a machine: its owner and the users holding an accepted invitation from its
 * owner (grants.ts), enabled accounts only. Checked when a notification is recorded and again
 * when a channel delivers it: access that ended ends the notifications about the machine.
 */
export function machineAudienceSql(kind: 'purifier' | 'sensor', machine: SQL): SQL {
  const table = kind === 'purifier' ? sql`purifiers` : sql`sensors`;
  const owner = sql`(SELECT m.user_id FROM ${table} m WHERE m.id = ${machine})`;
  const invitees =
    kind === 'purifier' ? purifierInviteesSql(machine, owner) : sensorInviteesSql(machine, owner);
  return sql`
    SELECT DISTINCT a.user_id FROM (
      SELECT m.user_id FROM ${table} m WHERE m.id = ${machine} AND m.user_id IS NOT NULL
      UNION ${invitees}) a(user_id)
    JOIN users u ON u.id = a.user_id AND u.enabled
    ORDER BY a.user_id`;
}

/** SQL truth: `user` is told about the machine now (the check at delivery time). */
export function seesMachineSql(user: SQL, kind: 'purifier' | 'sensor', machine: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM (${machineAudienceSql(kind, machine)}) aud
    WHERE aud.user_id = ${user})`;
}
