import type { TelemetryRetention } from '@aircloud/shared/telemetry-retention';
import {
  hourlyRetentionStart,
  oldestRawMonth,
  rawRetentionStart,
} from '@aircloud/core/telemetry/retention';
import type { AppContext } from '../../context.ts';

/** GET /api/telemetry_retention: the retention settings and where their boundaries are today. */
export async function telemetryRetention(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<TelemetryRetention> {
  const { retention } = ctx.config;
  const oldest = await oldestRawMonth(ctx.db.$client);
  return {
    '@type': 'TelemetryRetention',
    raw_months: retention.rawMonths,
    hourly_months: retention.hourlyMonths,
    raw_kept_from: rawRetentionStart(now, retention).toISOString(),
    hourly_kept_from: hourlyRetentionStart(now, retention).toISOString(),
    oldest_raw_month: oldest ? oldest.toISOString() : null,
  };
}
