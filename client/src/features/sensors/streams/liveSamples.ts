import { bufferTime, filter, mergeMap, type Observable, type OperatorFunction } from 'rxjs';
import type { SensorSample } from '@aircloud/shared/sensors';
import type { SensorSnapshot } from '@aircloud/shared/realtime';

/** How often a live chart takes the samples that arrived meanwhile. */
export const LIVE_BATCH_MS = 1000;

/** The sample-bearing messages of a sensor stream, private or public. */
export type SampleMessage =
  | { type: 'snapshot'; sensor: SensorSnapshot }
  | { type: 'samples'; event: { samples: SensorSample[] } }
  | { type: string };

/** The samples a message brings: the snapshot's last sample, or the pushed samples. */
function samplesOf(message: SampleMessage): SensorSample[] {
  if (message.type === 'snapshot' && 'sensor' in message) {
    const last = (message as { sensor: SensorSnapshot }).sensor.last_sample;
    return last ? [last] : [];
  }
  if (message.type === 'samples' && 'event' in message)
    return (message as { event: { samples: SensorSample[] } }).event.samples;
  return [];
}

/**
 * Batches the samples of a sensor stream for a chart: at most one batch per `intervalMs`, never
 * an empty one, so a chart draws once per interval whatever the device's rate.
 */
export function batchSamples(
  intervalMs = LIVE_BATCH_MS,
): OperatorFunction<SampleMessage, SensorSample[]> {
  return (source: Observable<SampleMessage>) =>
    source.pipe(
      mergeMap((message) => samplesOf(message)),
      bufferTime(intervalMs),
      filter((batch) => batch.length > 0),
    );
}
