import { SENSOR_MEASURES, type MeasureValues } from '@aircloud/shared/sensors';
import type pg from 'pg';

/** One sample ready to store. */
export interface SampleRow {
  sensorId: string;
  /** Milliseconds since the epoch. */
  ts: number;
  measures: MeasureValues;
  iso: number | null;
}

/** What one flush stored. */
export interface FlushResult {
  batchId: number;
  /** `${sensorId}|${ts}` of the rows this flush stored (others already existed). */
  inserted: Set<string>;
  /** Sensors heard from again after being disconnected or never configured, with their old state. */
  reconnected: { id: string; was: string }[];
}

const columns = ['sensor_id', 'ts', ...SENSOR_MEASURES, 'iso'];
const unnestArgs = [
  '$1::text[]',
  '$2::timestamptz[]',
  ...SENSOR_MEASURES.map((_, i) => `$${i + 3}::real[]`),
  `$${SENSOR_MEASURES.length + 3}::smallint[]`,
];
const sensorIdsParam = `$${SENSOR_MEASURES.length + 4}::text[]`;

/**
 * One statement per flush: every row through one `unnest` (a fixed number of parameters whatever
 * the row count), ON CONFLICT DO NOTHING so a retried batch never stores twice, all tagged with a
 * new batch id for the roll-up and recorded as pending (so the roll-up job is not its only
 * trace); in the same statement the sensors' `last_seen_at` (at most every 5 s per sensor) and
 * their wifi state, locked in id order so concurrent flushes cannot deadlock.
 */
const FLUSH_SQL = `
WITH batch AS (SELECT nextval('sensor_measures_batch_seq') AS id),
ins AS (
  INSERT INTO sensor_measures (${columns.join(', ')}, batch_id)
  SELECT u.*, batch.id FROM unnest(${unnestArgs.join(', ')}) AS u, batch
  ON CONFLICT DO NOTHING
  RETURNING sensor_id, ts, (extract(epoch FROM ts) * 1000)::bigint AS ms
),
pending AS (
  INSERT INTO sensor_rollup_pending (batch_id, sensor_ids, from_ts, to_ts)
  SELECT (SELECT id FROM batch), array_agg(DISTINCT sensor_id), min(ts), max(ts) FROM ins
  HAVING count(*) > 0
),
due AS (
  SELECT id, wifi_state FROM sensors
   WHERE id = ANY(${sensorIdsParam})
     AND (last_seen_at IS NULL OR last_seen_at < now() - interval '5 seconds' OR wifi_state <> 'connected')
   ORDER BY id FOR NO KEY UPDATE
),
seen AS (
  UPDATE sensors s SET last_seen_at = now(), wifi_state = 'connected'
    FROM due WHERE s.id = due.id
  RETURNING s.id, due.wifi_state AS was
)
SELECT (SELECT id FROM batch)::bigint AS batch_id,
       (SELECT coalesce(json_agg(json_build_array(sensor_id, ms)), '[]') FROM ins) AS inserted,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'was', was)), '[]')
          FROM seen WHERE was <> 'connected') AS reconnected`;

/** Stores the rows of one flush in one statement (its own transaction) and says what was new. */
export async function flushSamples(pool: pg.Pool, rows: SampleRow[]): Promise<FlushResult> {
  const params: unknown[][] = columns.map(() => new Array(rows.length));
  const sensorIds = new Set<string>();
  rows.forEach((row, i) => {
    params[0]![i] = row.sensorId;
    params[1]![i] = new Date(row.ts).toISOString();
    SENSOR_MEASURES.forEach((m, j) => {
      params[j + 2]![i] = row.measures[m] ?? null;
    });
    params[columns.length - 1]![i] = row.iso;
    sensorIds.add(row.sensorId);
  });
  const { rows: result } = await pool.query<{
    batch_id: string;
    inserted: [string, string | number][];
    reconnected: { id: string; was: string }[];
  }>(FLUSH_SQL, [...params, [...sensorIds]]);
  const first = result[0]!;
  return {
    batchId: Number(first.batch_id),
    inserted: new Set(first.inserted.map(([id, ms]) => `${id}|${Number(ms)}`)),
    reconnected: first.reconnected,
  };
}
