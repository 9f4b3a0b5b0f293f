import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import {
  applyRetention,
  type RetentionPolicy,
  type RetentionResult,
} from '@aircloud/core/telemetry/retention';

/** Id of the repeatable job and its pattern: every day at 03:17 UTC, off the hour's peaks. */
export const APPLY_RETENTION_SCHEDULER = 'apply-retention';
export const APPLY_RETENTION_PATTERN = '17 3 * * *';

/**
 * The ApplyRetention task (daily, and once at start): drops the raw partitions and deletes the
 * roll-ups past their retention (core/src/telemetry/retention.ts). Idempotent; concurrent runs
 * of several workers are harmless (a partition already gone is skipped).
 */
export function createApplyRetentionTask({
  db,
  logger,
  policy,
  clock = () => new Date(),
}: {
  db: Database;
  logger: Logger;
  policy: RetentionPolicy;
  clock?: () => Date;
}) {
  return async function applyRetentionJob(
    _job?: Pick<Job<JobData['retention']>, 'data'>,
  ): Promise<RetentionResult> {
    const result = await applyRetention(db.$client, policy, clock());
    if (result.deferredPartitions.length > 0)
      logger.warn(
        { partitions: result.deferredPartitions },
        'expired raw partitions kept until their flushes are rolled up',
      );
    if (result.droppedPartitions.length > 0 || result.deletedHours > 0)
      logger.info(
        { partitions: result.droppedPartitions, hours: result.deletedHours },
        `retention: dropped ${result.droppedPartitions.length} raw partition(s), deleted ${result.deletedHours} hourly roll-up row(s)`,
      );
    return result;
  };
}
