import { asc, desc, eq, sql } from 'drizzle-orm';
import { SENSOR_MEASURES, type SensorSample } from '@aircloud/shared/sensors';
import type { Database } from '../../db/client.ts';
import { sensorMeasures, sensorPurifiers, sensors } from '../../db/schema.ts';

/** A sensor row as stored. */
export type SensorRow = typeof sensors.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The sensor with this id. */
export async function findSensor(db: Executor, id: string): Promise<SensorRow | undefined> {
  const [row] = await db.select().from(sensors).where(eq(sensors.id, id)).limit(1);
  return row;
}

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
  const [row] = await db.insert(sensors).values(values).returning();
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
export async function linkPurifier(db: Executor, sensorId: string, purifierId: string) {
  await db.execute(sql`
    INSERT INTO sensor_purifiers (sensor_id, purifier_id)
    SELECT ${sensorId}, ${purifierId}
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
