import { levelRank, worstReading } from '@aircloud/shared/air-quality';
import type { PurifierAir, PurifierAirSensor } from '@aircloud/shared/purifiers';
import type { SensorSample } from '@aircloud/shared/sensors';
import type { ChannelMessages } from '../../../lib/realtime/channels.ts';

/** The newest sample a sensor channel message brings (its snapshot's or its batch's), or null. */
export function newestSample(message: ChannelMessages['sensor']): SensorSample | null {
  if (message.type === 'snapshot') return message.sensor.last_sample;
  if (message.type !== 'samples') return null;
  let newest: SensorSample | null = null;
  for (const sample of message.event.samples)
    if (!newest || Date.parse(sample.ts) > Date.parse(newest.ts)) newest = sample;
  return newest;
}

/**
 * A purifier's room air from the latest sample of each linked sensor (`samples`), the rule the
 * server applies to the list (the worst levelled reading, a tie keeps the sensor linked first).
 * A sensor with no sample yet counts with the reading the list gave (`listed`) when it gave it.
 */
export function roomAirFrom(
  sensors: readonly PurifierAirSensor[],
  samples: ReadonlyMap<string, SensorSample>,
  listed: PurifierAir | null,
): PurifierAir | null {
  let air: PurifierAir | null = null;
  for (const sensor of sensors) {
    const sample = samples.get(sensor.ulid);
    let candidate: PurifierAir | null = null;
    if (sample) {
      const worst = worstReading(sample);
      if (worst)
        candidate = {
          sensor_ulid: sensor.ulid,
          sensor_name: sensor.name,
          ...worst,
          measured_at: sample.ts,
        };
    } else if (listed?.sensor_ulid === sensor.ulid) candidate = listed;
    if (candidate && (!air || levelRank(candidate.level) > levelRank(air.level))) air = candidate;
  }
  return air;
}

/** True when two readings show the same thing on a card. */
export function sameAir(a: PurifierAir | null, b: PurifierAir | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.sensor_ulid === b.sensor_ulid &&
    a.sensor_name === b.sensor_name &&
    a.measure === b.measure &&
    a.value === b.value &&
    a.level === b.level
  );
}
