import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of who may act on a machine, as SQL fragments over expressions (a column,
 * a parameter): every policy, list, rule arbitration, schedule run and clean-up builds on these,
 * so "does this user control this purifier now?" has one answer everywhere (docs/security.md).
 */

/**
 * The accepted invitations `owner` gave for one machine: the one place the grant is written. A
 * grant comes from the machine's current owner, so it dies with the ownership that gave it.
 */
function acceptedInvitations(kind: 'purifier' | 'sensor', machine: SQL, owner: SQL): SQL {
  const machines =
    kind === 'purifier'
      ? sql`invitation_purifiers gm ON gm.invitation_id = gi.id AND gm.purifier_id = ${machine}`
      : sql`invitation_sensors gm ON gm.invitation_id = gi.id AND gm.sensor_id = ${machine}`;
  return sql`FROM invitations gi JOIN ${machines}
    WHERE gi.status = 'accepted' AND gi.sender_id = ${owner}`;
}

/**
 * The ids of the machines `user` holds an accepted invitation for, each from its current owner:
 * the same grant as `acceptedInvitations`, as a set a list can join by index (from the user's
 * invitations) instead of testing it on every machine of the fleet.
 */
export function invitedMachineIdsSql(kind: 'purifier' | 'sensor', user: SQL): SQL {
  const machines =
    kind === 'purifier'
      ? sql`invitation_purifiers gm ON gm.invitation_id = gi.id
      JOIN purifiers gx ON gx.id = gm.purifier_id`
      : sql`invitation_sensors gm ON gm.invitation_id = gi.id
      JOIN sensors gx ON gx.id = gm.sensor_id`;
  return sql`SELECT gx.id FROM invitations gi JOIN ${machines}
    WHERE gi.status = 'accepted' AND gi.sender_id = gx.user_id AND gi.recipient_id = ${user}`;
}

/**
 * True when `user` holds an accepted invitation for `purifier` sent by `owner`, the purifier's
 * current owner: a grant dies with the ownership that gave it.
 */
export function purifierInvitationSql(user: SQL, purifier: SQL, owner: SQL): SQL {
  return sql`EXISTS (SELECT 1 ${acceptedInvitations('purifier', purifier, owner)}
      AND gi.recipient_id = ${user})`;
}

/** True when `user` holds an accepted invitation for `sensor` sent by `owner`, its current owner. */
export function sensorInvitationSql(user: SQL, sensor: SQL, owner: SQL): SQL {
  return sql`EXISTS (SELECT 1 ${acceptedInvitations('sensor', sensor, owner)}
      AND gi.recipient_id = ${user})`;
}

/** The users (`recipient_id`) holding an accepted invitation for `purifier` from `owner`. */
export function purifierInviteesSql(purifier: SQL, owner: SQL): SQL {
  return sql`SELECT gi.recipient_id ${acceptedInvitations('purifier', purifier, owner)}
      AND gi.recipient_id IS NOT NULL`;
}

/** The users (`recipient_id`) holding an accepted invitation for `sensor` from `owner`. */
export function sensorInviteesSql(sensor: SQL, owner: SQL): SQL {
  return sql`SELECT gi.recipient_id ${acceptedInvitations('sensor', sensor, owner)}
      AND gi.recipient_id IS NOT NULL`;
}

/**
 * How strict a check is: `now` (acting: the user must also be enabled) or `grant` (what the
 * user was given, whether or not their account is enabled today: links and schedules of a
 * disabled user stay in place, inert, and act again once the account is enabled).
 */
export type ControlCheck = 'now' | 'grant';

/**
 * True when `user` controls `purifier`: its owner, an administrator, or a user holding an
 * accepted invitation from its owner. A purifier owned by nobody is controlled by nobody.
 */
export function controlsPurifierSql(user: SQL, purifier: SQL, check: ControlCheck = 'now'): SQL {
  return sql`EXISTS (SELECT 1 FROM users cu JOIN purifiers cp ON cp.id = ${purifier}
    WHERE cu.id = ${user} ${check === 'now' ? sql`AND cu.enabled` : sql``}
      AND cp.user_id IS NOT NULL
      AND (cp.user_id = cu.id OR cu.role = 'ROLE_ADMIN'
        OR ${purifierInvitationSql(sql`cu.id`, sql`cp.id`, sql`cp.user_id`)}))`;
}

/**
 * True when `user` reaches `sensor` (reads it and may base a rule or a link on it): its owner,
 * technicians and administrators, or a user holding an accepted invitation from its owner.
 */
export function reachesSensorSql(user: SQL, sensor: SQL, check: ControlCheck = 'now'): SQL {
  return sql`EXISTS (SELECT 1 FROM users su JOIN sensors ss ON ss.id = ${sensor}
    WHERE su.id = ${user} ${check === 'now' ? sql`AND su.enabled` : sql``}
      AND (ss.user_id = su.id OR su.role IN ('ROLE_TECHNICIAN', 'ROLE_ADMIN')
        OR (ss.user_id IS NOT NULL
          AND ${sensorInvitationSql(sql`su.id`, sql`ss.id`, sql`ss.user_id`)})))`;
}

/**
 * True when a sensor link (`link` alias of sensor_purifiers) may carry control: whoever made it
 * still reaches the sensor and controls the purifier.
 */
export function linkActsSql(link: string, check: ControlCheck = 'now'): SQL {
  const l = sql.raw(link);
  return sql`(${controlsPurifierSql(sql`${l}.linked_by`, sql`${l}.purifier_id`, check)}
    AND ${reachesSensorSql(sql`${l}.linked_by`, sql`${l}.sensor_id`, check)})`;
}

/**
 * True when an alert rule (`rule` alias of alert_rules) may drive the purifier of a link (`link`
 * alias of sensor_purifiers) now: the link acts, and the rule's author still reaches its sensor
 * and controls that purifier. A rule whose author is gone (deleted account) drives nothing.
 */
export function ruleActsSql(rule: string, link: string): SQL {
  const r = sql.raw(rule);
  const l = sql.raw(link);
  return sql`(${linkActsSql(link)}
    AND ${controlsPurifierSql(sql`${r}.created_by`, sql`${l}.purifier_id`)}
    AND ${reachesSensorSql(sql`${r}.created_by`, sql`${r}.sensor_id`)})`;
}
