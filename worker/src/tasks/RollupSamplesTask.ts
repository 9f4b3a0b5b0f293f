import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';

const hour = `date_trunc('hour', ts, 'UTC')`;
const aggregates = SENSOR_MEASURES.map(
  (m) =>
    `avg(${m}) AS ${m}_avg, min(${m}) AS ${m}_min, max(${m}) AS ${m}_max, count(${m})::int AS ${m}_n`,
).join(',\n    ');
const insertColumns = SENSOR_MEASURES.flatMap((m) => [
  `${m}_avg`,
  `${m}_min`,
  `${m}_max`,
  `${m}_n`,
]);
// Merging a flush into an hour: weighted average, LEAST/GREATEST ignore NULLs, counts add up.
const merges = SENSOR_MEASURES.map(
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
 * sensor and UTC hour, and merge them into `sensor_measures_hourly`.
 */
const ROLLUP_SQL = `
WITH claim AS (
  INSERT INTO sensor_rollup_batches (batch_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING batch_id
),
done AS (DELETE FROM sensor_rollup_pending WHERE batch_id = $1),
agg AS (
  SELECT sensor_id, ${hour} AS hour, count(*)::int AS samples,
    ${aggregates},
    max(iso) AS iso_max
  FROM sensor_measures
  WHERE sensor_id = ANY($2::text[]) AND ts >= $3 AND ts <= $4 AND batch_id = $1
    AND EXISTS (SELECT 1 FROM claim)
  GROUP BY sensor_id, ${hour}
)
INSERT INTO sensor_measures_hourly AS h (sensor_id, hour, samples, ${insertColumns.join(', ')}, iso_max)
SELECT sensor_id, hour, samples, ${insertColumns.join(', ')}, iso_max FROM agg
-- One lock order for every job, so concurrent roll-ups of overlapping flushes never deadlock.
ORDER BY sensor_id, hour
ON CONFLICT (sensor_id, hour) DO UPDATE SET
    samples = h.samples + EXCLUDED.samples,
    ${merges},
    iso_max = GREATEST(h.iso_max, EXCLUDED.iso_max)`;

/** What a roll-up did. */
export interface RollupResult {
  /** Hour rows created or updated (0 when the flush was already rolled up). */
  hours: number;
}

/**
 * The RollupSamples task (queue `samples`, one job per ingest flush): keeps the hourly
 * avg/min/max of every measure up to date from exactly the rows of that flush, once.
 */
export function createRollupSamplesTask({ db }: { db: Database; logger: Logger }) {
  return async function rollupSamples(
    job: Pick<Job<JobData['samples']>, 'data'>,
  ): Promise<RollupResult> {
    const { batchId, sensorIds, from, to } = job.data;
    const result = await db.$client.query(ROLLUP_SQL, [batchId, sensorIds, from, to]);
    return { hours: result.rowCount ?? 0 };
  };
}

/** A flush still pending this long after its commit lost its job (jobs run within milliseconds). */
export const ROLLUP_SWEEP_AFTER_MS = 10_000;

/**
 * The roll-up sweep (run with the alert-rule sweep, every 30 s): flushes committed but still
 * pending after `olderThanMs` (their `samples` job was lost: server killed before enqueueing it,
 * Redis unreachable) are rolled up here; the claim keeps a late job from counting them twice.
 */
export function createRollupSweepTask(deps: { db: Database; logger: Logger }) {
  const rollup = createRollupSamplesTask(deps);
  return async function sweepRollups(
    olderThanMs = ROLLUP_SWEEP_AFTER_MS,
  ): Promise<{ flushes: number }> {
    const { rows } = await deps.db.$client.query<{
      batch_id: string;
      sensor_ids: string[];
      from_ts: string;
      to_ts: string;
    }>(
      `SELECT batch_id, sensor_ids, from_ts::text, to_ts::text FROM sensor_rollup_pending
        WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY batch_id LIMIT 1000`,
      [olderThanMs],
    );
    for (const row of rows)
      await rollup({
        data: {
          batchId: Number(row.batch_id),
          sensorIds: row.sensor_ids,
          from: row.from_ts,
          to: row.to_ts,
        },
      });
    if (rows.length > 0)
      deps.logger.warn({ flushes: rows.length }, 'rolled up flushes whose samples job was lost');
    return { flushes: rows.length };
  };
}
