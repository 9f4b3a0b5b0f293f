import type { Queue, Worker } from 'bullmq';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createMetricsRegistry } from '@aircloud/core/metrics';

/** What an alert-evaluating job answers (EvaluateAlertRulesTask), alone or inside another. */
interface EvaluateCounts {
  samples: number;
  triggers: number;
}

/** The worker's metrics: its queues, its jobs, alert evaluations and mails (docs/operations.md). */
export interface WorkerMetrics {
  registry: Registry;
  /** Counts the jobs of one BullMQ worker (and what their results say). */
  observe(worker: Worker): void;
}

function evaluateCounts(result: unknown): EvaluateCounts | null {
  const r = result as Partial<EvaluateCounts> & { alerts?: Partial<EvaluateCounts> };
  const counts =
    r && typeof r.samples === 'number' && typeof r.triggers === 'number' ? r : r?.alerts;
  return counts && typeof counts.samples === 'number' && typeof counts.triggers === 'number'
    ? { samples: counts.samples, triggers: counts.triggers }
    : null;
}

/**
 * Builds the worker's registry: job counts per queue and state (read from Redis at each scrape),
 * jobs done and failed with their durations, samples judged by alert rules and the transitions
 * they caused, mails sent and failed.
 */
export function createWorkerMetrics(queues: Queue[]): WorkerMetrics {
  const registry = createMetricsRegistry('worker');
  const registers = [registry];
  new Gauge({
    name: 'aircloud_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (read at scrape time)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      for (const queue of queues) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
      }
    },
  });
  const jobs = new Counter({
    name: 'aircloud_jobs_total',
    help: 'Jobs processed by this worker, by queue and outcome (a failed attempt counts)',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'aircloud_job_duration_seconds',
    help: 'Processing time of completed jobs by queue',
    labelNames: ['queue'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const evaluated = new Counter({
    name: 'aircloud_alert_samples_evaluated_total',
    help: 'Device samples judged by alert rules',
    registers,
  });
  const transitions = new Counter({
    name: 'aircloud_alert_transitions_total',
    help: 'Alert rule triggers and stops recorded',
    registers,
  });
  const mails = new Counter({
    name: 'aircloud_mails_total',
    help: 'Mails by outcome: sent, or a failed sending attempt',
    labelNames: ['outcome'] as const,
    registers,
  });

  return {
    registry,
    observe(worker) {
      const queue = worker.name;
      worker.on('completed', (job, result: unknown) => {
        jobs.inc({ queue, outcome: 'completed' });
        if (job.processedOn && job.finishedOn)
          duration.observe({ queue }, (job.finishedOn - job.processedOn) / 1000);
        const counts = evaluateCounts(result);
        if (counts) {
          evaluated.inc(counts.samples);
          transitions.inc(counts.triggers);
        }
        if (queue === 'mail' && (result as { status?: string } | null)?.status === 'sent')
          mails.inc({ outcome: 'sent' });
      });
      worker.on('failed', () => {
        jobs.inc({ queue, outcome: 'failed' });
        if (queue === 'mail') mails.inc({ outcome: 'failed' });
      });
    },
  };
}
