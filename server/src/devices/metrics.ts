import type { TelemetryRejection } from '@aircloud/shared/devices';
import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The device API's metrics in this server process (prom-client, scraped at GET /metrics):
 * telemetry posts, samples accepted and duplicated, refusals by reason, flush sizes and commit
 * latency. The plain counters stay readable in process (tests, the benchmarks).
 */
export class DeviceMetrics {
  requests = 0;
  accepted = 0;
  duplicates = 0;
  flushes = 0;
  flushedRows = 0;
  readonly rejected: Partial<Record<TelemetryRejection, number>> = {};
  readonly #requests: Counter;
  readonly #samples: Counter<'outcome'>;
  readonly #rejected: Counter<'reason'>;
  readonly #flushRows: Histogram;
  readonly #flushCommit: Histogram;

  constructor(registry: Registry = new Registry()) {
    const registers = [registry];
    this.#requests = new Counter({
      name: 'aircloud_telemetry_requests_total',
      help: 'Telemetry posts received',
      registers,
    });
    this.#samples = new Counter({
      name: 'aircloud_telemetry_samples_total',
      help: 'Telemetry samples by outcome: accepted (stored) or duplicate (already stored)',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.#rejected = new Counter({
      name: 'aircloud_telemetry_rejected_total',
      help: 'Telemetry posts refused, by reason',
      labelNames: ['reason'] as const,
      registers,
    });
    this.#flushRows = new Histogram({
      name: 'aircloud_telemetry_flush_rows',
      help: 'Rows per group-committed flush',
      buckets: [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
      registers,
    });
    this.#flushCommit = new Histogram({
      name: 'aircloud_telemetry_flush_commit_seconds',
      help: 'Time to commit one flush in PostgreSQL',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
  }

  /** One telemetry post arrived. */
  request(): void {
    this.requests += 1;
    this.#requests.inc();
  }

  /** Samples of one post: stored, and already stored (a retry). */
  samples(accepted: number, duplicates = 0): void {
    this.accepted += accepted;
    this.duplicates += duplicates;
    if (accepted > 0) this.#samples.inc({ outcome: 'accepted' }, accepted);
    if (duplicates > 0) this.#samples.inc({ outcome: 'duplicate' }, duplicates);
  }

  /** Counts one refused request. */
  reject(reason: TelemetryRejection): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
    this.#rejected.inc({ reason });
  }

  /** One flush committed: its rows and how long the commit took. */
  flushed(rows: number, commitSeconds: number): void {
    this.flushes += 1;
    this.flushedRows += rows;
    this.#flushRows.observe(rows);
    this.#flushCommit.observe(commitSeconds);
  }
}
