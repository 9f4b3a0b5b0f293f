import { Queue, type ConnectionOptions } from 'bullmq';

/** Names of the BullMQ queues shared by the server (producer) and the worker (consumer). */
export const QUEUES = {
  mail: 'mail',
  schedule: 'schedule',
  samples: 'samples',
  deviceWatch: 'device-watch',
  alertRules: 'alert-rules',
  alertSweep: 'alert-sweep',
  sensorImport: 'sensor-import',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Job payloads per queue: jobs carry ids of rows committed in PostgreSQL, never the only copy. */
export interface JobData {
  mail: { mailId: string };
  /** ApplySchedule runs (repeatable, every minute): no payload, the task reads the clock. */
  schedule: { trigger?: 'start' | 'tick' };
  /**
   * One ingest flush (never one job per sample): the rows are committed in `sensor_measures`
   * with this `batch_id`; the worker rolls them up and evaluates the alert rules of its sensors.
   */
  samples: { batchId: number; sensorIds: string[]; from: string; to: string };
  /** Wifi watch (repeatable, every 15 s): no payload, the task reads the clock. */
  'device-watch': { trigger?: 'start' | 'tick' };
  /**
   * The fast path of alert rules: one job per ingest flush that holds samples of sensors with
   * enabled rules (those sensors only), so crossings never wait behind roll-ups.
   */
  'alert-rules': { batchId: number; sensorIds: string[]; from: string; to: string };
  /** Alert-rule sweep (repeatable, every 30 s): sensors whose evaluation lags (lost jobs). */
  'alert-sweep': { trigger?: 'start' | 'tick' };
  /** One CSV import of sensor data: the `sensor_imports` row (committed) and its file. */
  'sensor-import': { importId: string };
}

/** Opens a producer for one queue, with the project's Redis key prefix. */
export function createQueue<N extends QueueName>(
  name: N,
  connection: ConnectionOptions,
  prefix: string,
): Queue<JobData[N]> {
  return new Queue<JobData[N]>(name, {
    connection,
    prefix: `${prefix}:bull`,
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    },
  });
}
