import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { PurifierFirmwareUpdate } from '@aircloud/shared/firmware-rollouts';
import type { MaintenanceLevelKey, PurifierState, WifiState } from '@aircloud/shared/purifiers';
import type { Database } from '../db/client.ts';
import { maintenanceEvents, productKeys, purifiers, sensorPurifiers } from '../db/schema/index.ts';
import { invitedMachineIdsSql, reachesSensorSql } from '../access/grants.ts';
import {
  containsPattern,
  pageOffset,
  pageWithTotal,
  preparedByShape,
  preparedOnce,
  totalOver,
} from '../db/sql.ts';

/** A purifier row as stored. */
export type PurifierRow = typeof purifiers.$inferSelect;
export type PurifierValues = Partial<typeof purifiers.$inferInsert>;
export type MaintenanceEventRow = typeof maintenanceEvents.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The network state computed in SQL, as `wifiState` does in shared/src/purifiers.ts. */
export const wifiStateSql = sql<WifiState>`CASE
  WHEN ${purifiers.lastSeenAt} IS NULL THEN 'not_configured'
  WHEN ${purifiers.lastSeenAt} >= now() - make_interval(secs => 3 * ${purifiers.reportingIntervalS}) THEN 'connected'
  ELSE 'disconnected' END`;

/**
 * The purifiers of a list for `userId`: owned, or shared with them by an accepted invitation. A
 * set of ids found by index (the user's own, then their invitations'), so a list costs what the
 * user has, not what the fleet has (an `OR` over the two made PostgreSQL test every purifier).
 */
export function purifierListCondition(userId: string | Placeholder): SQL {
  return sql`${purifiers.id} IN (SELECT po.id FROM purifiers po WHERE po.user_id = ${userId}
    UNION ALL ${invitedMachineIdsSql('purifier', sql`${userId}`)})`;
}

/** Filters of the purifier list. */
export interface PurifierListFilter {
  /** Whose list: the purifiers they own or were invited to (purifierListCondition). */
  owner: string;
  /** Whose view it is: each row's `room` holds the sensors they reach (roomSensorsSql). */
  viewer: string;
  search?: string;
  wifiState?: WifiState;
  state?: PurifierState;
}

/** A sensor linked to a purifier that the viewer reaches, with its latest sample (as stored). */
export interface RoomSensorRow {
  id: string;
  name: string;
  /** The sample's columns as JSON (`ts` an ISO string), or null before the first sample. */
  last: (Record<string, unknown> & { ts: string }) | null;
}

/**
 * The sensors linked to `purifierId` that `viewerId` reaches, in link order, each with its
 * latest sample (one backward index probe each): a JSON array column, so that a page of
 * purifiers and their room air come in one statement.
 */
export function roomSensorsSql(
  viewerId: string | Placeholder,
  purifierId: SQL,
): SQL<RoomSensorRow[]> {
  return sql<RoomSensorRow[]>`(
    SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'last', (
             SELECT to_jsonb(m) FROM sensor_measures m
              WHERE m.sensor_id = s.id ORDER BY m.ts DESC LIMIT 1))
             ORDER BY sp.created_at, s.id), '[]')
      FROM sensor_purifiers sp JOIN sensors s ON s.id = sp.sensor_id
     WHERE sp.purifier_id = ${purifierId}
       AND ${reachesSensorSql(sql`${viewerId}`, sql`s.id`)})`;
}

/** The list's conditions, over values or over the placeholders of a prepared statement. */
function purifierListWhere(
  filter: PurifierListFilter,
  value: (name: 'owner' | 'pattern' | 'wifi' | 'state') => unknown,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    purifierListCondition(value('owner') as string | Placeholder),
  ];
  if (filter.search) {
    const pattern = value('pattern') as string;
    conditions.push(
      or(
        ilike(purifiers.name, pattern),
        ilike(purifiers.shortName, pattern),
        ilike(purifiers.serialNumber, pattern),
      ),
    );
  }
  if (filter.wifiState) conditions.push(sql`${wifiStateSql} = ${value('wifi')}`);
  if (filter.state) conditions.push(eq(purifiers.state, value('state') as PurifierState));
  return and(...conditions);
}

/** The page statement of each filter shape (preparedByShape). */
const preparePurifierPage = preparedByShape(
  (db: Executor, filter: PurifierListFilter, shape: string) =>
    db
      .select({
        ...getTableColumns(purifiers),
        room: roomSensorsSql(sql.placeholder('viewer'), sql`${purifiers.id}`),
        total: totalOver(),
      })
      .from(purifiers)
      .where(purifierListWhere(filter, (name) => sql.placeholder(name)))
      .orderBy(asc(purifiers.name), asc(purifiers.id))
      .limit(PAGE_SIZE)
      .offset(sql.placeholder('offset'))
      .prepare(`purifier page ${shape}`),
);

/**
 * One page of a user's purifiers matching the filter, by name, with the total and the sensors
 * of each room (roomSensorsSql): one statement. Drizzle builds it once per filter shape (which
 * filters are set): building the SQL of this page cost a sixth of the request's CPU.
 */
export async function listPurifiers(
  db: Executor,
  filter: PurifierListFilter,
  page: number,
): Promise<{ rows: (PurifierRow & { room: RoomSensorRow[] })[]; total: number }> {
  const shape = `${filter.search ? 's' : '-'}${filter.wifiState ? 'w' : '-'}${filter.state ? 'p' : '-'}`;
  const statement = preparePurifierPage(db, filter, shape);
  const values = {
    owner: filter.owner,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    wifi: filter.wifiState,
    state: filter.state,
  };
  const rows = await statement.execute({
    ...values,
    viewer: filter.viewer,
    offset: pageOffset(page),
  });
  return pageWithTotal(rows, page, async () => {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(purifiers)
      .where(purifierListWhere(filter, (name) => values[name]));
    return count?.n ?? 0;
  });
}

/** The purifier with this id, locked until the transaction ends when `lock` is set. */
export async function findPurifier(
  db: Executor,
  id: string,
  lock = false,
): Promise<PurifierRow | undefined> {
  const [row] = await (lock
    ? db.select().from(purifiers).where(eq(purifiers.id, id)).limit(1).for('update')
    : preparePurifierById(db).execute({ id }));
  return row;
}

/** The purifier by id, unlocked: what every request reaching a purifier reads first. */
const preparePurifierById = preparedOnce((db: Executor) =>
  db
    .select()
    .from(purifiers)
    .where(eq(purifiers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('purifier by id'),
);

/** Inserts a purifier. */
export async function insertPurifier(
  db: Executor,
  values: typeof purifiers.$inferInsert,
): Promise<PurifierRow> {
  const [row] = await db.insert(purifiers).values(values).returning();
  return row!;
}

/** Updates a purifier and answers the new row. */
export async function updatePurifier(
  db: Executor,
  id: string,
  values: PurifierValues,
): Promise<PurifierRow> {
  const [row] = await db
    .update(purifiers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(purifiers.id, id))
    .returning();
  return row!;
}

/** Leaves a purifier owned by nobody (its key was unlinked); its history stays. */
export async function detachPurifier(db: Executor, id: string): Promise<void> {
  await db
    .update(purifiers)
    .set({ userId: null, lastScheduleSlotAt: null, updatedAt: new Date() })
    .where(eq(purifiers.id, id));
}

/** Records which purifier the first activation of a key created. */
export async function linkKeyToPurifier(
  db: Executor,
  productKeyId: string,
  purifierId: string,
): Promise<void> {
  await db
    .update(productKeys)
    .set({ purifierId, updatedAt: new Date() })
    .where(eq(productKeys.id, productKeyId));
}

/** One maintenance event of a purifier, by id. */
export async function findMaintenanceEvent(
  db: Executor,
  purifierId: string,
  id: string,
): Promise<MaintenanceEventRow | undefined> {
  const [row] = await db
    .select()
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.purifierId, purifierId), eq(maintenanceEvents.id, id)));
  return row;
}

/** One page of a purifier's maintenance events, latest first, and the total. */
export async function listMaintenanceEvents(
  db: Executor,
  purifierId: string,
  page: number,
): Promise<{ rows: MaintenanceEventRow[]; total: number }> {
  const where = eq(maintenanceEvents.purifierId, purifierId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(maintenanceEvents)
      .where(where)
      .orderBy(desc(maintenanceEvents.occurredAt), desc(maintenanceEvents.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(maintenanceEvents)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The latest recorded replacement of a type on a purifier, if any. */
export async function latestMaintenance(
  db: Executor,
  purifierId: string,
  type: MaintenanceEventRow['type'],
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${maintenanceEvents.occurredAt})` })
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.purifierId, purifierId), eq(maintenanceEvents.type, type)));
  return row?.at ? new Date(row.at) : undefined;
}

/** Inserts a maintenance event. */
export async function insertMaintenanceEvent(
  db: Executor,
  values: typeof maintenanceEvents.$inferInsert,
): Promise<MaintenanceEventRow> {
  const [row] = await db.insert(maintenanceEvents).values(values).returning();
  return row!;
}

/** Sets one maintenance level of a purifier to 100 %. */
export async function resetMaintenanceLevel(
  db: Executor,
  purifierId: string,
  level: MaintenanceLevelKey,
): Promise<void> {
  await db
    .update(purifiers)
    .set({
      maintenanceLevels: sql`${purifiers.maintenanceLevels} || jsonb_build_object(${level}::text, 100)`,
      updatedAt: new Date(),
    })
    .where(eq(purifiers.id, purifierId));
}

/** A sensor linked to a purifier, with who owns it, who linked it and whether `viewer` sees it. */
export type LinkedSensorRow = {
  id: string;
  name: string;
  owner_name: string | null;
  linked_by_name: string | null;
  visible: boolean;
  /** Its latest sample, when the viewer reaches it (RoomSensorRow's `last`). */
  last: RoomSensorRow['last'];
};

/**
 * The sensors linked to a purifier, in link order, as its page shows them to `viewerId`, with
 * the latest sample of those the viewer reaches (the room's air): a JSON column.
 */
function linkedSensorsSql(viewerId: Placeholder, purifierId: SQL): SQL<LinkedSensorRow[]> {
  return sql<LinkedSensorRow[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'id', s.id, 'name', s.name,
             'owner_name', nullif(trim(o.firstname || ' ' || o.lastname), ''),
             'linked_by_name', nullif(trim(l.firstname || ' ' || l.lastname), ''),
             'visible', v.visible,
             'last', CASE WHEN v.visible THEN (
               SELECT to_jsonb(m) FROM sensor_measures m
                WHERE m.sensor_id = s.id ORDER BY m.ts DESC LIMIT 1) END)
             ORDER BY sp.created_at, s.id), '[]')
      FROM sensor_purifiers sp
      JOIN sensors s ON s.id = sp.sensor_id
      CROSS JOIN LATERAL (SELECT ${reachesSensorSql(sql`${viewerId}`, sql`s.id`)} AS visible) v
      LEFT JOIN users o ON o.id = s.user_id
      LEFT JOIN users l ON l.id = sp.linked_by
     WHERE sp.purifier_id = ${purifierId})`;
}

/** An ISO 8601 UTC text of a timestamp column, as `Date.toISOString()` writes it. */
function isoSql(column: SQL): SQL<string | null> {
  return sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The purifier's latest firmware rollout (its settings tab) as the API answers it, or null. */
function firmwareUpdateSql(purifierId: SQL): SQL<PurifierFirmwareUpdate | null> {
  return sql<PurifierFirmwareUpdate | null>`(
    SELECT json_build_object(
             'rollout', r.id, 'version', r.firmware_version, 'status', d.status,
             'phase', d.phase, 'reason', d.reason, 'rollout_status', r.status,
             'sent_at', ${isoSql(sql`d.sent_at`)}, 'finished_at', ${isoSql(sql`d.finished_at`)})
      FROM firmware_rollout_devices d JOIN firmware_rollouts r ON r.id = d.rollout_id
     WHERE d.purifier_id = ${purifierId}
     ORDER BY r.created_at DESC LIMIT 1)`;
}

/** A purifier with what its page shows beside its row (findPurifierDetail). */
export type PurifierDetailRow = PurifierRow & {
  linked: LinkedSensorRow[];
  firmwareUpdate: PurifierFirmwareUpdate | null;
};

const preparePurifierDetail = preparedOnce((db: Executor) =>
  db
    .select({
      ...getTableColumns(purifiers),
      linked: linkedSensorsSql(sql.placeholder('viewer'), sql`${purifiers.id}`),
      firmwareUpdate: firmwareUpdateSql(sql`${purifiers.id}`),
    })
    .from(purifiers)
    .where(eq(purifiers.id, sql.placeholder('id')))
    .prepare('purifier detail'),
);

/**
 * The purifier `id` with the sensors linked to it as `viewerId` sees them and its latest
 * firmware update: one statement, built once. Whether the viewer reaches the purifier at all is
 * the caller's check (machine-access.ts), made on this row.
 */
export async function findPurifierDetail(
  db: Executor,
  id: string,
  viewerId: string,
): Promise<PurifierDetailRow | undefined> {
  const [row] = await preparePurifierDetail(db).execute({ id, viewer: viewerId });
  return row;
}

/** Removes the link between a sensor and a purifier; false when there was none. */
export async function unlinkSensor(
  db: Pick<Database, 'delete'>,
  purifierId: string,
  sensorId: string,
): Promise<boolean> {
  const rows = await db
    .delete(sensorPurifiers)
    .where(and(eq(sensorPurifiers.purifierId, purifierId), eq(sensorPurifiers.sensorId, sensorId)))
    .returning({ id: sensorPurifiers.sensorId });
  return rows.length > 0;
}
