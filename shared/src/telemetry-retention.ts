/** GET /api/telemetry_retention (admins): how long telemetry is kept (docs/operations.md). */
export interface TelemetryRetention {
  '@type': 'TelemetryRetention';
  /** RETENTION_RAW_MONTHS: months of raw samples kept (whole UTC months). */
  raw_months: number;
  /** RETENTION_HOURLY_MONTHS: months of hourly averages kept. */
  hourly_months: number;
  /** Start of the oldest month whose raw samples are kept (ISO 8601, UTC). */
  raw_kept_from: string;
  /** Start of the oldest month whose hourly averages are kept. */
  hourly_kept_from: string;
  /** Start of the oldest month with raw samples still stored, null when none is. */
  oldest_raw_month: string | null;
}
