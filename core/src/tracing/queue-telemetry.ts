import type { Telemetry } from 'bullmq';

/**
 * The BullMQ telemetry shared by every queue and worker of the process: set by the tracing SDK
 * when it starts (bullmq-otel), absent otherwise, so BullMQ creates no span at all.
 */
let telemetry: Telemetry | undefined;

/** Installs the telemetry that queues and workers created from now on carry. */
export function setQueueTelemetry(value: Telemetry | undefined): void {
  telemetry = value;
}

/** The `telemetry` option of a BullMQ Queue or Worker: empty when tracing is off. */
export function queueTelemetryOption(): { telemetry?: Telemetry } {
  return telemetry ? { telemetry } : {};
}
