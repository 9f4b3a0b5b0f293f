import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LEVELLED_MEASURES, type LevelledMeasure } from '@aircloud/shared/air-quality';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import type { SensorSample } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';
import { purifierAirVerdicts, purifiers, sensorPurifiers, sensors } from '../db/schema/index.ts';
import { lastSamples, type SensorRow } from './repository.ts';

type Reader = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export interface OverviewPurifierRow {
  id: string;
  name: string;
  mode: PurifierMode;
  reportedMode: PurifierMode | null;
  lastSeenAt: Date | null;
  reportingIntervalS: number;
  /** The measured air changes in auto against the TRH (null: never examined). */
  airVerdict: 'meets' | 'below' | 'not_enough_data' | null;
  measuredAch: number | null;
  targetAch: number;
}

export interface OverviewRow {
  sensor: SensorRow;
  lastSample: SensorSample | null;
  purifiers: OverviewPurifierRow[];
  /** Averages of each levelled measure per bucket, `buckets` long, null where none fell. */
  sparkline: Partial<Record<LevelledMeasure, (number | null)[]>>;
}

/**
 * The overview of the sensors `access` allows (at most `limit`, by name), with their last
 * samples, linked purifiers and the bucket averages of the last `buckets × bucketS` seconds
 * before `from + buckets × bucketS`: five queries whatever the number of sensors.
 */
export async function overviewOf(
  db: Reader,
  access: SQL | undefined,
  options: { limit: number; from: Date; bucketS: number; buckets: number },
): Promise<{ rows: OverviewRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(sensors)
      .where(and(access))
      .orderBy(asc(sensors.name), asc(sensors.id))
      .limit(options.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sensors)
      .where(and(access)),
  ]);
  if (rows.length === 0) return { rows: [], total: count?.n ?? 0 };
  const ids = rows.map((r) => r.id);
  const to = new Date(options.from.getTime() + options.buckets * options.bucketS * 1000);
  const averages = LEVELLED_MEASURES.map(
    (m) => sql`avg(${sql.identifier(m)})::float8 AS ${sql.identifier(m)}`,
  );
  const [links, samples, buckets] = await Promise.all([
    db
      .select({
        sensorId: sensorPurifiers.sensorId,
        id: purifiers.id,
        name: purifiers.name,
        mode: sql<PurifierMode>`${purifiers.desired}->>'mode'`,
        reportedMode: sql<PurifierMode | null>`${purifiers.reported}->>'mode'`,
        lastSeenAt: purifiers.lastSeenAt,
        reportingIntervalS: purifiers.reportingIntervalS,
        airVerdict: purifierAirVerdicts.verdict,
        measuredAch: purifierAirVerdicts.ach,
        targetAch: purifiers.hourlyRecyclingRate,
      })
      .from(sensorPurifiers)
      .innerJoin(purifiers, eq(purifiers.id, sensorPurifiers.purifierId))
      .leftJoin(purifierAirVerdicts, eq(purifierAirVerdicts.purifierId, purifiers.id))
      .where(inArray(sensorPurifiers.sensorId, ids))
      .orderBy(asc(sensorPurifiers.createdAt), asc(purifiers.id)),
    lastSamples(db, ids),
    db.execute<Record<string, number | null> & { sensor_id: string; bucket: number }>(sql`
      SELECT sensor_id,
             floor(extract(epoch FROM ts - ${options.from.toISOString()}::timestamptz)
                   / ${options.bucketS})::int AS bucket,
             ${sql.join(averages, sql`, `)}
      FROM sensor_measures
      WHERE sensor_id = ANY(${`{${ids.join(',')}}`}::text[])
        AND ts >= ${options.from.toISOString()}::timestamptz
        AND ts < ${to.toISOString()}::timestamptz
      GROUP BY 1, 2`),
  ]);
  const sparklines = new Map<string, OverviewRow['sparkline']>();
  for (const b of buckets.rows) {
    let line = sparklines.get(b.sensor_id);
    if (!line) sparklines.set(b.sensor_id, (line = {}));
    for (const m of LEVELLED_MEASURES) {
      const value = b[m];
      if (value == null) continue;
      const series = (line[m] ??= Array<number | null>(options.buckets).fill(null));
      series[b.bucket] = Math.round(value * 10) / 10;
    }
  }
  return {
    rows: rows.map((sensor) => ({
      sensor,
      lastSample: samples.get(sensor.id) ?? null,
      purifiers: links.filter((l) => l.sensorId === sensor.id).map(({ sensorId: _, ...p }) => p),
      sparkline: sparklines.get(sensor.id) ?? {},
    })),
    total: count?.n ?? 0,
  };
}
