import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Database } from '@aircloud/core/db/client';
import type { JobData } from '@aircloud/core/queues';
import { measureDueSensors, type MeasureResult } from '@aircloud/core/effectiveness/measure';
import { snapshotLevels } from '@aircloud/core/effectiveness/history';
import { refreshWearPaces } from '@aircloud/core/effectiveness/forecast';
import { systemClock, type Clock } from '@aircloud/core/purifiers/schedule-slots';

/** Id of the repeatable job and its period. */
export const MEASURE_AIR_CHANGES_SCHEDULER = 'measure-air-changes';
export const MEASURE_AIR_CHANGES_EVERY_MS = 10 * 60_000;

/**
 * The MeasureAirChanges task (every 10 min, and at start): every room sensor linked to a
 * purifier has its new whole hours examined once for decay episodes (core/effectiveness owns
 * the method and the storage; docs/effectiveness.md), within a time budget so a first run over
 * a month of history never holds the queue; the next run goes on. Today's consumable levels are
 * kept, and the paces they wear at worked out, for the replacement forecast and its notice.
 */
export function createMeasureAirChangesTask({
  db,
  logger,
  clock = systemClock,
  budgetMs = 60_000,
}: {
  db: Database;
  logger: Logger;
  clock?: Clock;
  budgetMs?: number;
}) {
  return async function measureAirChanges(
    _job?: Job<JobData['air-changes']>,
  ): Promise<MeasureResult & { levels: number; paces: number }> {
    const now = clock.now();
    const result = await measureDueSensors(db, now, { budgetMs });
    const levels = await snapshotLevels(db, now);
    const paces = await refreshWearPaces(db, now);
    if (result.sensors > 0) logger.info(result, 'air changes measured');
    return { ...result, levels, paces };
  };
}
