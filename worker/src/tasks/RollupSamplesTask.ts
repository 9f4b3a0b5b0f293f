import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import { mergeFlush } from '@aircloud/core/telemetry/rollup';

/** What a roll-up did. */
export interface RollupResult {
  /** Hour rows created or updated (0 when the flush was already rolled up). */
  hours: number;
}

/**
 * The RollupSamples task (queue `samples`, one job per ingest flush): keeps the hourly
 * avg/min/max of every measure up to date from exactly the rows of that flush, once
 * (telemetry/rollup.ts mergeFlush).
 */
export function createRollupSamplesTask({ db }: { db: Database; logger: Logger }) {
  return async function rollupSamples(
    job: Pick<Job<JobData['samples']>, 'data'>,
  ): Promise<RollupResult> {
    return { hours: await mergeFlush(db.$client, job.data) };
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
