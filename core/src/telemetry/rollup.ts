import type pg from 'pg';
import { eq } from 'drizzle-orm';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';
import type { Database } from '../db/client.ts';
import { sensorMeasuresHourly } from '../db/schema/index.ts';

/**
 * The hourly roll-up (`sensor_measures_hourly`: per sensor and UTC hour, the sample count and
 * avg/min/max/count of every measure, the highest ISO class). This module makes every write to
 * it, with one aggregate of raw rows:
 * - a device flush is merged into its hours once, when its job claims it (mergeFlush);
 * - hours whose raw rows changed otherwise (an import batch, a cancel, a seed) are recomputed
 *   from their rows (recomputeHours);
 * - history written in bulk is rolled up in one statement (rollUpHistory);
 * - a sensor's roll-ups go with its history (deleteRollups).
 *
 * Why the merge and the recompute never double-count: the merge *adds* the aggregate of a flush
 * (`batch_id`) once it has claimed the flush in `sensor_rollup_batches`, in the same statement.
 * A recompute counts imported rows (`batch_id` NULL) and device rows whose flush is claimed,
 * i.e. already added; rows of a flush not claimed yet are left for its merge. The recompute
 * first creates and locks its hour rows. A merge into one of these hours either committed
 * before the lock (the recompute, with its own snapshot under READ COMMITTED, then sees its
 * claim and counts its rows: the merged value is replaced by the full recompute) or waits on
 * the lock until the recompute commits, its claim invisible to it (its rows excluded), and then
 * adds them to the recomputed row. Either way each device row is counted exactly once, and
 * imported rows only by a recompute.
 */

/** Anything that runs a query: the pool, or a client inside a transaction. */
type Queryable = Pick<pg.PoolClient, 'query'>;

const HOUR_MS = 3_600_000;
const HOUR = `date_trunc('hour', ts, 'UTC')`;

/** The columns of an hour row after (sensor_id, hour), in one order for every statement. */
const ROLLUP_COLUMNS = [
  'samples',
  ...SENSOR_MEASURES.flatMap((m) => [`${m}_avg`, `${m}_min`, `${m}_max`, `${m}_n`]),
  'iso_max',
];

/** Raw rows counted by a roll-up: imported ones, and device ones whose flush was merged. */
const COUNTED_ROWS = `(m.batch_id IS NULL
    OR EXISTS (SELECT 1 FROM sensor_rollup_batches b WHERE b.batch_id = m.batch_id))`;

/**
 * The one aggregate: raw rows of `sensor_measures m` matching `where`, per sensor and UTC hour,
 * as (sensor_id, hour, ...ROLLUP_COLUMNS).
 */
function hourlyAggregate(where: string): string {
  const measures = SENSOR_MEASURES.map(
    (m) =>
      `avg(${m}) AS ${m}_avg, min(${m}) AS ${m}_min, max(${m}) AS ${m}_max, count(${m})::int AS ${m}_n`,
  );
  return `SELECT sensor_id, ${HOUR} AS hour, count(*)::int AS samples,
    ${measures.join(',\n    ')},
    max(iso) AS iso_max
  FROM sensor_measures m
  WHERE ${where}
  GROUP BY sensor_id, ${HOUR}`;
}

// Merging a flush into an hour: weighted average, LEAST/GREATEST ignore NULLs, counts add up.
const MERGES = SENSOR_MEASURES.map(
  (m) => `${m}_avg = CASE WHEN h.${m}_n + EXCLUDED.${m}_n = 0 THEN NULL ELSE
      (coalesce(h.${m}_avg, 0) * h.${m}_n + coalesce(EXCLUDED.${m}_avg, 0) * EXCLUDED.${m}_n)
      / (h.${m}_n + EXCLUDED.${m}_n) END,
    ${m}_min = LEAST(h.${m}_min, EXCLUDED.${m}_min),
    ${m}_max = GREATEST(h.${m}_max, EXCLUDED.${m}_max),
    ${m}_n = h.${m}_n + EXCLUDED.${m}_n`,
).join(',\n    ');

/**
 * One statement, one transaction: claim the flush (a retried or duplicated job finds it claimed
 * and does nothing) and clear its pending mark, aggregate exactly the rows of that flush per
 * sensor and UTC hour, and merge them into the hours.
 */
const MERGE_FLUSH_SQL = `
WITH claim AS (
  INSERT INTO sensor_rollup_batches (batch_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING batch_id
),
done AS (DELETE FROM sensor_rollup_pending WHERE batch_id = $1),
agg AS (
  ${hourlyAggregate(`sensor_id = ANY($2::text[]) AND ts >= $3 AND ts <= $4 AND batch_id = $1
    AND EXISTS (SELECT 1 FROM claim)`)}
)
INSERT INTO sensor_measures_hourly AS h (sensor_id, hour, ${ROLLUP_COLUMNS.join(', ')})
SELECT sensor_id, hour, ${ROLLUP_COLUMNS.join(', ')} FROM agg
-- One lock order for every job, so concurrent roll-ups of overlapping flushes never deadlock.
ORDER BY sensor_id, hour
ON CONFLICT (sensor_id, hour) DO UPDATE SET
    samples = h.samples + EXCLUDED.samples,
    ${MERGES},
    iso_max = GREATEST(h.iso_max, EXCLUDED.iso_max)`;

/** One ingest flush: its `batch_id`, its sensors and the span of its rows. */
export interface Flush {
  batchId: number;
  sensorIds: string[];
  from: string;
  to: string;
}

/**
 * Merges the rows of one ingest flush into their hours, once (the flush is claimed in the same
 * statement). Answers how many hour rows it created or updated (0 when already merged).
 */
export async function mergeFlush(db: Queryable, flush: Flush): Promise<number> {
  const { batchId, sensorIds, from, to } = flush;
  const result = await db.query(MERGE_FLUSH_SQL, [batchId, sensorIds, from, to]);
  return result.rowCount ?? 0;
}

// Statement 1: the hour rows exist and are locked (in one order) for the rest of the transaction.
const LOCK_HOURS_SQL = `
INSERT INTO sensor_measures_hourly AS h (sensor_id, hour)
SELECT $1, hour FROM unnest($2::timestamptz[]) AS hour ORDER BY hour
ON CONFLICT (sensor_id, hour) DO UPDATE SET samples = h.samples`;

// Statement 2: each locked hour recomputed from the raw rows; an hour left without rows goes.
const RECOMPUTE_HOURS_SQL = `
WITH agg AS (
  ${hourlyAggregate(`m.sensor_id = $1 AND m.ts >= $3 AND m.ts < $4
    AND ${HOUR} = ANY($2::timestamptz[]) AND ${COUNTED_ROWS}`)}
),
updated AS (
  UPDATE sensor_measures_hourly h SET
    ${ROLLUP_COLUMNS.map((c) => `${c} = agg.${c}`).join(',\n    ')}
  FROM agg WHERE h.sensor_id = $1 AND h.hour = agg.hour
  RETURNING h.hour
)
DELETE FROM sensor_measures_hourly h
 WHERE h.sensor_id = $1 AND h.hour = ANY($2::timestamptz[])
   AND NOT EXISTS (SELECT 1 FROM agg WHERE agg.hour = h.hour)`;

/**
 * Recomputes some hours (epoch ms of their start) of one sensor from its raw rows; call inside
 * the transaction that changed those rows (import batch, cancel, seed).
 */
export async function recomputeHours(db: Queryable, sensorId: string, hours: number[]) {
  if (hours.length === 0) return;
  const list = hours.map((h) => new Date(h).toISOString());
  await db.query(LOCK_HOURS_SQL, [sensorId, list]);
  await db.query(RECOMPUTE_HOURS_SQL, [
    sensorId,
    list,
    list[0],
    new Date(hours.at(-1)! + HOUR_MS).toISOString(),
  ]);
}

const ROLL_UP_HISTORY_SQL = `
INSERT INTO sensor_measures_hourly (sensor_id, hour, ${ROLLUP_COLUMNS.join(', ')})
SELECT sensor_id, hour, ${ROLLUP_COLUMNS.join(', ')} FROM (
  ${hourlyAggregate(`m.sensor_id = ANY($1::text[]) AND m.ts >= $2 AND m.ts < $3
    AND ${COUNTED_ROWS}`)}
) agg
ON CONFLICT (sensor_id, hour) DO NOTHING`;

/**
 * Rolls up, in one set-based statement, the history of `sensorIds` in [from, to) written in bulk
 * (benchmarks, fixtures): for hours that have no roll-up yet (an hour already rolled up stays).
 */
export async function rollUpHistory(
  db: Queryable,
  sensorIds: string[],
  from: Date | string = '-infinity',
  to: Date | string = 'infinity',
): Promise<void> {
  await db.query(ROLL_UP_HISTORY_SQL, [sensorIds, from, to]);
}

/** Removes the roll-ups of a sensor (its history is deleted in the same transaction). */
export async function deleteRollups(db: Pick<Database, 'delete'>, sensorId: string) {
  await db.delete(sensorMeasuresHourly).where(eq(sensorMeasuresHourly.sensorId, sensorId));
}
