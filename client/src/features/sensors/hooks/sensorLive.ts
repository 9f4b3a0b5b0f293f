import type { Sensor, SensorSample } from '@aircloud/shared/sensors';
import type { ChannelMessages } from '../../../lib/realtime/channels.ts';

/** The newer of two samples (by time); the current one when they are equally recent. */
function newest(current: SensorSample | null, candidate: SensorSample | undefined) {
  if (!candidate) return current;
  if (!current) return candidate;
  return Date.parse(candidate.ts) > Date.parse(current.ts) ? candidate : current;
}

/** Applies one message of a sensor channel to a cached sensor (an RTK Query draft). */
export function applySensorMessage(
  draft: Sensor,
  message: ChannelMessages['sensor'],
): Sensor | undefined {
  switch (message.type) {
    case 'snapshot':
      draft.last_sample = newest(draft.last_sample, message.sensor.last_sample ?? undefined);
      draft.wifi_state = message.sensor.wifi_state;
      draft.last_seen_at = message.sensor.last_seen_at;
      return undefined;
    case 'samples':
      draft.last_sample = newest(draft.last_sample, message.event.samples.at(-1));
      return undefined;
    case 'updated':
      draft.wifi_state = message.sensor.wifi_state;
      draft.last_seen_at = message.sensor.last_seen_at;
      return undefined;
    case 'changed':
      // Settings changed elsewhere (another tab, an invited user): the server's sensor wins.
      return {
        ...message.sensor,
        last_sample: newest(message.sensor.last_sample, draft.last_sample ?? undefined),
      };
    default:
      return undefined;
  }
}
