import type { Purifier } from '@aircloud/shared/purifiers';
import type { PurifierLive } from '@aircloud/shared/realtime';
import type { ChannelMessages } from '../../../lib/realtime/channels.ts';

/** Applies one message of a purifier channel to a cached purifier (an RTK Query draft). */
export function applyPurifierMessage(
  draft: Purifier,
  message: ChannelMessages['purifier'],
): Purifier | undefined {
  if (message.type === 'snapshot') {
    // A snapshot is not for one caller: keep what the HTTP answer gave this caller (access, the
    // linked sensors, the room's air and its sensors, the holding rules) when the snapshot lacks it.
    const { access, linked_sensors, air, air_sensors, hold_rules } = draft;
    return {
      access,
      linked_sensors,
      air,
      air_sensors,
      hold_rules,
      ...stripUndefined(message.purifier),
    };
  }
  const live: PurifierLive = message.purifier;
  draft.state = live.state;
  draft.wifi_state = live.wifi_state;
  draft.mode = live.mode;
  draft.reported_mode = live.reported_mode;
  draft.pending = live.pending;
  draft.desired = live.desired;
  draft.maintenance_levels = live.maintenance_levels;
  draft.last_seen_at = live.last_seen_at;
  return undefined;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
