import { and, asc, desc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, TIME_ZONE } from '@aircloud/shared/constants';
import { SENSOR_MEASURES, type SensorSample } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';
import { invitedMachineIdsSql } from '../access/grants.ts';
import {
  containsPattern,
  pageOffset,
  pageWithTotal,
  preparedByShape,
  preparedOnce,
  totalOver,
} from '../db/sql.ts';
import { isoLocalDate } from '../purifiers/schedule-slots.ts';
import { deleteRollups } from '../telemetry/rollup.ts';
import {
  deviceEvents,
  sensorMeasures,
  sensorPurifiers,
  sensors,
  users,
} from '../db/schema/index.ts';

/** A sensor row as stored. */
export type SensorRow = typeof sensors.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The sensor with this id, locked until the transaction ends when `lock` is set. */
export async function findSensor(
  db: Executor,
  id: string,
  lock = false,
): Promise<SensorRow | undefined> {
  const [row] = await (lock
    ? db.select().from(sensors).where(eq(sensors.id, id)).limit(1).for('update')
    : prepareSensorById(db).execute({ id }));
  return row;
}

/** The sensor by id, unlocked: what every request reaching a sensor reads first. */
const prepareSensorById = preparedOnce((db: Executor) =>
  db
    .select()
    .from(sensors)
    .where(eq(sensors.id, sql.placeholder('id')))
    .limit(1)
    .prepare('sensor by id'),
);

/** The sensor with this serial number. */
export async function findSensorBySerial(
  db: Executor,
  serialNumber: string,
): Promise<SensorRow | undefined> {
  const [row] = await db
    .select()
    .from(sensors)
    .where(eq(sensors.serialNumber, serialNumber))
    .limit(1);
  return row;
}

/** Inserts a sensor. */
export async function insertSensor(
  db: Executor,
  values: typeof sensors.$inferInsert,
): Promise<SensorRow> {
  // Put into service the day it is provisioned (Paris date), unless told otherwise.
  const systemDate = values.systemDate ?? isoLocalDate(new Date(), TIME_ZONE);
  const [row] = await db
    .insert(sensors)
    .values({ ...values, systemDate })
    .returning();
  return row!;
}

/** Replaces the device secret hash of a sensor (re-provisioning). */
export async function setSensorSecretHash(db: Executor, id: string, hash: string): Promise<void> {
  await db
    .update(sensors)
    .set({ deviceSecretHash: hash, updatedAt: new Date() })
    .where(eq(sensors.id, id));
}

/**
 * Links a purifier to a sensor; linking twice is harmless. A ninth link is refused by a trigger
 * (check_violation, constraint `sensor_purifiers_max_8`), which an existing link never reaches.
 */
export async function linkPurifier(
  db: Executor,
  sensorId: string,
  purifierId: string,
  linkedBy: string | null = null,
) {
  // Without an author (seeds, fixtures), the sensor's owner made it, as the migration assumed.
  await db.execute(sql`
    INSERT INTO sensor_purifiers (sensor_id, purifier_id, linked_by)
    SELECT ${sensorId}, ${purifierId},
           coalesce(${linkedBy}::text, (SELECT user_id FROM sensors WHERE id = ${sensorId}))
    WHERE NOT EXISTS (
      SELECT 1 FROM sensor_purifiers WHERE sensor_id = ${sensorId} AND purifier_id = ${purifierId})
    ON CONFLICT DO NOTHING`);
}

/** Ids of the purifiers linked to a sensor. */
export async function linkedPurifierIds(db: Executor, sensorId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sensorPurifiers.purifierId })
    .from(sensorPurifiers)
    .where(eq(sensorPurifiers.sensorId, sensorId))
    .orderBy(asc(sensorPurifiers.createdAt));
  return rows.map((r) => r.id);
}

/** A stored row as a sample (nulls dropped). */
export function sampleOf(row: Record<string, unknown> & { ts: Date | string }): SensorSample {
  const sample: SensorSample = { ts: new Date(row.ts).toISOString() };
  for (const m of SENSOR_MEASURES) {
    const v = row[m];
    if (v !== null && v !== undefined) sample[m] = Number(v);
  }
  if (row.iso !== null && row.iso !== undefined) sample.iso = Number(row.iso);
  return sample;
}

/** The latest stored sample of a sensor, if any. */
export async function lastSample(db: Executor, sensorId: string): Promise<SensorSample | null> {
  const [row] = await db
    .select()
    .from(sensorMeasures)
    .where(eq(sensorMeasures.sensorId, sensorId))
    .orderBy(desc(sensorMeasures.ts))
    .limit(1);
  return row ? sampleOf(row) : null;
}

/** The owner of a sensor as lists and details show it. */
export interface SensorOwnerRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** A purifier linked to a sensor, in link order. */
export interface LinkedPurifierRow {
  id: string;
  name: string;
  serialNumber: string;
}

/** A sensor with everything its presenter shows. */
export interface SensorDetailRow {
  sensor: SensorRow;
  owner: SensorOwnerRow | null;
  purifiers: LinkedPurifierRow[];
  lastSample: SensorSample | null;
}

/** What GET /api/sensors filters on: which sensors (access condition) and a search. */
/**
 * The sensors a user owns or was invited to: their own list, and what view-as-user shows (a set
 * of ids found by index, as purifierListCondition in purifiers/repository.ts).
 */
export function sensorsOfUserCondition(userId: string | Placeholder): SQL {
  return sql`${sensors.id} IN (SELECT so.id FROM sensors so WHERE so.user_id = ${userId}
    UNION ALL ${invitedMachineIdsSql('sensor', sql`${userId}`)})`;
}

export interface SensorListFilter {
  /** Whose sensors (owned or shared: sensorsOfUserCondition); null: every sensor. */
  owner: string | null;
  search?: string;
}

/** The list's conditions, over values or over the placeholders of a prepared statement. */
function sensorListWhere(
  filter: SensorListFilter,
  value: (name: 'owner' | 'pattern') => unknown,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.owner !== null)
    conditions.push(sensorsOfUserCondition(value('owner') as string | Placeholder));
  if (filter.search) {
    const pattern = value('pattern') as string;
    conditions.push(
      or(
        ilike(sensors.name, pattern),
        ilike(sensors.shortName, pattern),
        ilike(sensors.serialNumber, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** The page statement of each filter shape (preparedByShape). */
const prepareSensorPage = preparedByShape((db: Executor, filter: SensorListFilter, shape: string) =>
  db
    .select({ ...detailColumns, total: totalOver() })
    .from(sensors)
    .leftJoin(users, eq(users.id, sensors.userId))
    .where(sensorListWhere(filter, (name) => sql.placeholder(name)))
    .orderBy(asc(sensors.name), asc(sensors.id))
    .limit(PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare(`sensor page ${shape}`),
);

/**
 * One page of sensors with their owners, linked purifiers and last samples: one statement
 * whatever the page size (detailColumns, with the total), never one per sensor; built by
 * Drizzle once per filter shape, as the purifier list.
 */
export async function listSensors(
  db: Executor,
  filter: SensorListFilter,
  page: number,
): Promise<{ rows: SensorDetailRow[]; total: number }> {
  const shape = `${filter.owner === null ? 'all' : 'own'}${filter.search ? ' s' : ''}`;
  const statement = prepareSensorPage(db, filter, shape);
  const values = {
    owner: filter.owner,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
  };
  const { rows, total } = await pageWithTotal(
    await statement.execute({ ...values, offset: pageOffset(page) }),
    page,
    async () => {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sensors)
        .where(sensorListWhere(filter, (name) => values[name]));
      return count?.n ?? 0;
    },
  );
  return { rows: rows.map(detailOfRow), total };
}

const ownerColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
};

/**
 * A sensor with its owner, its linked purifiers (in link order, as a JSON array) and its latest
 * sample (one backward index probe): a list page or a detail in one statement.
 */
const detailColumns = {
  sensor: sensors,
  owner: ownerColumns,
  links: sql<LinkedPurifierRow[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'id', p.id, 'name', p.name, 'serialNumber', p.serial_number)
             ORDER BY sp.created_at, p.id), '[]')
      FROM sensor_purifiers sp JOIN purifiers p ON p.id = sp.purifier_id
     WHERE sp.sensor_id = ${sensors.id})`,
  last: sql<(Record<string, unknown> & { ts: string }) | null>`(
    SELECT to_jsonb(m) FROM sensor_measures m
     WHERE m.sensor_id = ${sensors.id} ORDER BY m.ts DESC LIMIT 1)`,
};

function detailOfRow(row: {
  sensor: SensorRow;
  owner: SensorOwnerRow | null;
  links: LinkedPurifierRow[];
  last: (Record<string, unknown> & { ts: string }) | null;
}): SensorDetailRow {
  return {
    sensor: row.sensor,
    owner: row.owner,
    purifiers: row.links,
    lastSample: row.last ? sampleOf(row.last) : null,
  };
}

/** One sensor with its owner, links and last sample. */
export async function findSensorDetail(
  db: Executor,
  id: string,
): Promise<SensorDetailRow | undefined> {
  const [row] = await prepareSensorDetail(db).execute({ id });
  return row && detailOfRow(row);
}

const prepareSensorDetail = preparedOnce((db: Executor) =>
  db
    .select(detailColumns)
    .from(sensors)
    .leftJoin(users, eq(users.id, sensors.userId))
    .where(eq(sensors.id, sql.placeholder('id')))
    .prepare('sensor detail'),
);

/** The latest sample of each sensor, in one query (one backward index probe per sensor). */
export async function lastSamples(db: Executor, ids: string[]): Promise<Map<string, SensorSample>> {
  const result = await db.execute<Record<string, unknown> & { sensor_id: string; ts: Date }>(sql`
    SELECT s.id AS sensor_id, m.*
    FROM unnest(${`{${ids.join(',')}}`}::text[]) AS s(id)
    CROSS JOIN LATERAL (
      SELECT * FROM sensor_measures WHERE sensor_id = s.id ORDER BY ts DESC LIMIT 1
    ) m`);
  return new Map(result.rows.map((row) => [row.sensor_id, sampleOf(row)]));
}

/** Updates a sensor's own fields. */
export async function updateSensor(
  db: Executor,
  id: string,
  values: Partial<typeof sensors.$inferInsert>,
): Promise<void> {
  await db
    .update(sensors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sensors.id, id));
}

/**
 * Replaces the purifiers linked to a sensor (the caller runs it in a transaction): links kept
 * keep their author, new ones are made by `linkedBy`.
 */
export async function replaceLinks(
  db: Writer,
  sensorId: string,
  purifierIds: string[],
  linkedBy: string,
): Promise<void> {
  await db
    .delete(sensorPurifiers)
    .where(
      and(
        eq(sensorPurifiers.sensorId, sensorId),
        purifierIds.length > 0
          ? sql`${sensorPurifiers.purifierId} <> ALL(${sql.param(purifierIds)}::text[])`
          : undefined,
      ),
    );
  // One at a time, in the given order: created_at keeps the link order; the trigger counts.
  for (const purifierId of purifierIds) await linkPurifier(db, sensorId, purifierId, linkedBy);
}

/** Removes the samples and hourly roll-ups of a sensor. */
export async function deleteHistory(db: Writer, sensorId: string): Promise<void> {
  await db.delete(sensorMeasures).where(eq(sensorMeasures.sensorId, sensorId));
  await deleteRollups(db, sensorId);
}

/** Removes a sensor with its links, samples, roll-ups and network events. */
export async function deleteSensor(db: Writer, sensorId: string): Promise<void> {
  await db.delete(sensors).where(eq(sensors.id, sensorId));
  await deleteHistory(db, sensorId);
  await db
    .delete(deviceEvents)
    .where(and(eq(deviceEvents.deviceKind, 'sensor'), eq(deviceEvents.deviceId, sensorId)));
}
