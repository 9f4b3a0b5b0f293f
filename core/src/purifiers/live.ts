import { isDesiredPending, wifiState } from '@aircloud/shared/purifiers';
import type { PurifierLive } from '@aircloud/shared/realtime';
import type { PurifierRow } from './repository.ts';

/** The live part of a purifier, pushed to the browsers following it (`purifier:updated`). */
export function purifierLivePresenter(row: PurifierRow, now: Date = new Date()): PurifierLive {
  return {
    ulid: row.id,
    state: row.state,
    wifi_state: wifiState(row.lastSeenAt, row.reportingIntervalS, now),
    mode: row.desired.mode,
    reported_mode: row.reported?.mode ?? null,
    pending: isDesiredPending(row.desired, row.desiredAckVersion),
    desired: row.desired,
    maintenance_levels: row.maintenanceLevels,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  };
}
