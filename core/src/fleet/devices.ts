import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import {
  FLEET_MAINTENANCE_PERCENT,
  NO_SOFT_VERSION,
  type FleetPurifiersQuery,
  type FleetSensorsQuery,
} from '@aircloud/shared/fleet';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import type { PurifierState, WifiState } from '@aircloud/shared/purifiers';
import type { Database } from '../db/client.ts';
import { pageOffset } from '../db/sql.ts';
import { keptCount } from './counts.ts';

type Executor = Pick<Database, 'execute'>;

/** One device of a fleet list, as stored (the server presents it). */
export type FleetDeviceRow = {
  kind: 'purifier' | 'sensor';
  id: string;
  name: string;
  serial_number: string;
  model: ProductKeyModel | null;
  state: PurifierState | null;
  soft_version: string | null;
  maintenance_min: number | null;
  wifi_state: WifiState;
  last_seen_at: Date | null;
  owner_id: string | null;
  owner_firstname: string | null;
  owner_lastname: string | null;
  owner_email: string | null;
};

/**
 * The lists behind the fleet's counts, each served by an index of migration 0019: network state
 * by last seen (offline longest first), device state, held purifiers, the lowest consumable,
 * model and version. Every list is ordered so its index answers the first page without a sort
 * of the fleet.
 */

const purifierColumns = sql`'purifier' AS kind, p.id, p.name, p.serial_number, p.model, p.state,
  p.reported->>'soft_version' AS soft_version,
  purifier_maintenance_min(p.maintenance_levels) AS maintenance_min, p.wifi_state, p.last_seen_at,
  u.id AS owner_id, u.firstname AS owner_firstname, u.lastname AS owner_lastname,
  u.email AS owner_email`;

const sensorColumns = sql`'sensor' AS kind, s.id, s.name, s.serial_number, NULL AS model,
  NULL AS state, NULL AS soft_version, NULL AS maintenance_min, s.wifi_state, s.last_seen_at,
  u.id AS owner_id, u.firstname AS owner_firstname, u.lastname AS owner_lastname,
  u.email AS owner_email`;

function purifierFilters(query: Omit<FleetPurifiersQuery, 'page'>): SQL {
  const where: SQL[] = [sql`true`];
  if (query.wifi_state) where.push(sql`p.wifi_state = ${query.wifi_state}`);
  if (query.state) where.push(sql`p.state = ${query.state}`);
  if (query.model) where.push(sql`p.model = ${query.model}`);
  if (query.soft_version !== undefined)
    where.push(
      sql`coalesce(p.reported->>'soft_version', '') = ${
        query.soft_version === NO_SOFT_VERSION ? '' : query.soft_version
      }`,
    );
  if (query.held) where.push(sql`jsonb_typeof(p.desired->'base') = 'object'`);
  if (query.maintenance_due)
    where.push(sql`purifier_maintenance_min(p.maintenance_levels) < ${FLEET_MAINTENANCE_PERCENT}`);
  if (query.air_below) where.push(airBelowSql);
  return sql.join(where, sql` AND `);
}

/** The order of a purifier list: the lowest consumable first when filtering on it, else the
 * longest silent first (never heard last), then by id. */
function purifierOrder(query: Omit<FleetPurifiersQuery, 'page'>): SQL {
  if (query.air_below)
    return sql`(SELECT v.below_since FROM purifier_air_verdicts v WHERE v.purifier_id = p.id), p.id`;
  return query.maintenance_due
    ? sql`purifier_maintenance_min(p.maintenance_levels), p.id`
    : sql`p.last_seen_at ASC NULLS LAST, p.id`;
}

/** A purifier in a room (linked to a sensor) whose measured air changes are below its TRH. */
const airBelowSql = sql`EXISTS (SELECT 1 FROM purifier_air_verdicts v
  WHERE v.purifier_id = p.id AND v.verdict = 'below')
  AND EXISTS (SELECT 1 FROM sensor_purifiers sp WHERE sp.purifier_id = p.id)`;

/** Rooms (sensors with a linked purifier) by their purifiers' verdicts, and purifiers below. */
export async function airChangeCounts(db: Executor) {
  const { rows } = await db.execute<{
    rooms_below: string;
    rooms_measured: string;
    purifiers_below: string;
  }>(sql`
    SELECT count(DISTINCT sp.sensor_id) FILTER (WHERE v.verdict = 'below') AS rooms_below,
           count(DISTINCT sp.sensor_id) FILTER (WHERE v.verdict <> 'not_enough_data') AS rooms_measured,
           count(DISTINCT v.purifier_id) FILTER (WHERE v.verdict = 'below') AS purifiers_below
      FROM purifier_air_verdicts v JOIN sensor_purifiers sp ON sp.purifier_id = v.purifier_id`);
  const r = rows[0];
  return {
    rooms_below: Number(r?.rooms_below ?? 0),
    rooms_measured: Number(r?.rooms_measured ?? 0),
    purifiers_below: Number(r?.purifiers_below ?? 0),
  };
}

/**
 * The kept count answering a list's total, when its filter is one the database keeps (a single
 * state, held, maintenance due, a model's version, or none); null otherwise.
 */
function keptDimension(query: Omit<FleetPurifiersQuery, 'page'>): [string, string] | null {
  const set = Object.entries(query).filter(([, v]) => v !== undefined && v !== false);
  const names = set.map(([k]) => k).sort();
  if (names.length === 0) return ['all', 'all'];
  if (names.length === 1 && query.wifi_state) return ['wifi_state', query.wifi_state];
  if (names.length === 1 && query.state) return ['state', query.state];
  if (names.length === 1 && query.held) return ['held', 'true'];
  if (names.length === 1 && query.maintenance_due) return ['maintenance_due', 'true'];
  if (names.join() === 'model,soft_version' && query.model && query.soft_version)
    return [
      'version',
      `${query.model}|${query.soft_version === NO_SOFT_VERSION ? '' : query.soft_version}`,
    ];
  return null;
}

/** A page of purifiers of the fleet matching `query`, with the total. */
export async function fleetPurifiers(
  db: Executor,
  query: Omit<FleetPurifiersQuery, 'page'>,
  page: number,
  size = PAGE_SIZE,
): Promise<{ rows: FleetDeviceRow[]; total: number }> {
  const where = purifierFilters(query);
  const kept = keptDimension(query);
  const [list, count] = await Promise.all([
    db.execute<FleetDeviceRow>(sql`
      SELECT ${purifierColumns} FROM purifiers p LEFT JOIN users u ON u.id = p.user_id
       WHERE ${where} ORDER BY ${purifierOrder(query)}
       LIMIT ${size} OFFSET ${pageOffset(page, size)}`),
    kept
      ? keptCount(db, 'purifier', kept[0], kept[1])
      : db
          .execute<{ n: string }>(sql`SELECT count(*) AS n FROM purifiers p WHERE ${where}`)
          .then(({ rows }) => Number(rows[0]?.n ?? 0)),
  ]);
  return { rows: list.rows.map(normalise), total: count };
}

/** A page of sensors of the fleet matching `query`, with the total. */
export async function fleetSensors(
  db: Executor,
  query: Omit<FleetSensorsQuery, 'page'>,
  page: number,
  size = PAGE_SIZE,
): Promise<{ rows: FleetDeviceRow[]; total: number }> {
  const where = query.wifi_state ? sql`s.wifi_state = ${query.wifi_state}` : sql`true`;
  // The total is a kept count (a sensor list filters on one kept dimension at most).
  const [list, count] = await Promise.all([
    db.execute<FleetDeviceRow>(sql`
      SELECT ${sensorColumns} FROM sensors s LEFT JOIN users u ON u.id = s.user_id
       WHERE ${where} ORDER BY s.last_seen_at ASC NULLS LAST, s.id
       LIMIT ${size} OFFSET ${pageOffset(page, size)}`),
    keptCount(db, 'sensor', query.wifi_state ? 'wifi_state' : 'all', query.wifi_state ?? 'all'),
  ]);
  return { rows: list.rows.map(normalise), total: count };
}

/** The devices disconnected now, purifiers and sensors together, longest silent first. */
export async function offlineDevices(db: Executor, limit: number): Promise<FleetDeviceRow[]> {
  const { rows } = await db.execute<FleetDeviceRow>(sql`
    SELECT * FROM (
      (SELECT ${purifierColumns} FROM purifiers p LEFT JOIN users u ON u.id = p.user_id
        WHERE p.wifi_state = 'disconnected' ORDER BY p.last_seen_at ASC NULLS LAST LIMIT ${limit})
      UNION ALL
      (SELECT ${sensorColumns} FROM sensors s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.wifi_state = 'disconnected' ORDER BY s.last_seen_at ASC NULLS LAST LIMIT ${limit})
    ) d ORDER BY last_seen_at ASC NULLS LAST, id LIMIT ${limit}`);
  return rows.map(normalise);
}

/** The first `limit` purifiers of a summary list (held by rules, maintenance due). */
export async function purifierShortList(
  db: Executor,
  query: Omit<FleetPurifiersQuery, 'page'>,
  limit: number,
): Promise<FleetDeviceRow[]> {
  const { rows } = await db.execute<FleetDeviceRow>(sql`
    SELECT ${purifierColumns} FROM purifiers p LEFT JOIN users u ON u.id = p.user_id
     WHERE ${purifierFilters(query)} ORDER BY ${purifierOrder(query)} LIMIT ${limit}`);
  return rows.map(normalise);
}

function normalise(row: FleetDeviceRow): FleetDeviceRow {
  return {
    ...row,
    maintenance_min: row.maintenance_min === null ? null : Number(row.maintenance_min),
    last_seen_at: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  };
}
