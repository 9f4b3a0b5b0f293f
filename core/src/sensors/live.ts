import type { WifiState } from '@aircloud/shared/purifiers';
import { sensorRoom, type SensorLive } from '@aircloud/shared/realtime';
import type { RealtimeServer } from '../realtime/emitter.ts';

/** The live network state of a sensor, pushed to the browsers following it (`sensor:updated`). */
export function sensorLivePresenter(
  id: string,
  wifiState: WifiState,
  lastSeenAt: Date | string | null,
): SensorLive {
  return {
    ulid: id,
    wifi_state: wifiState,
    last_seen_at: lastSeenAt === null ? null : new Date(lastSeenAt).toISOString(),
  };
}

/**
 * Tells the browsers following these sensors (any server node, through the adapter) that their
 * network state changed: connected again (telemetry) or lost (the device watch).
 */
export function pushSensorsWifi(
  io: RealtimeServer,
  sensors: readonly { id: string; lastSeenAt: Date | string | null }[],
  wifiState: WifiState,
): void {
  for (const { id, lastSeenAt } of sensors)
    io.to(sensorRoom(id)).emit('sensor:updated', sensorLivePresenter(id, wifiState, lastSeenAt));
}
