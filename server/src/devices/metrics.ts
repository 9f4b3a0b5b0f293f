import type { TelemetryRejection } from '@aircloud/shared/devices';

/** In-process counters of the device API (per server process), shown at GET /device/v1/metrics. */
export class DeviceMetrics {
  readonly rejected: Record<string, number> = {};
  accepted = 0;
  duplicates = 0;
  requests = 0;
  flushes = 0;
  flushedRows = 0;

  /** Counts one refused request. */
  reject(reason: TelemetryRejection): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
  }

  /** A JSON snapshot of the counters. */
  snapshot() {
    return {
      requests: this.requests,
      accepted: this.accepted,
      duplicates: this.duplicates,
      rejected: { ...this.rejected },
      flushes: this.flushes,
      average_flush_rows: this.flushes ? +(this.flushedRows / this.flushes).toFixed(1) : 0,
    };
  }
}
