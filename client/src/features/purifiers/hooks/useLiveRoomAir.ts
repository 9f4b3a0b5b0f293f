import { useEffect, useState } from 'react';
import { catchError, EMPTY, map, merge } from 'rxjs';
import type { Purifier, PurifierAir, PurifierAirSensor } from '@aircloud/shared/purifiers';
import type { SensorSample } from '@aircloud/shared/sensors';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { newestSample, roomAirFrom, sameAir } from './liveRoomAir.ts';

/**
 * A purifier card's room air, live: follows the shared stream of each linked sensor the list
 * named (`air_sensors`) and recomputes the worst reading at each sample. Only the card that
 * calls it re-renders; the list and its cache are untouched. Before the first message, and
 * without linked sensors, it is the list's reading.
 */
export function useLiveRoomAir(purifier: Purifier): PurifierAir | null {
  const listed = purifier.air ?? null;
  // Stable dependencies: a refetch naming the same sensors keeps the subscriptions.
  const sensorsKey = JSON.stringify(purifier.air_sensors ?? []);
  const listedKey = JSON.stringify(listed);
  const [live, setLive] = useState<{ key: string; air: PurifierAir | null } | null>(null);

  useEffect(() => {
    const sensors = JSON.parse(sensorsKey) as PurifierAirSensor[];
    if (sensors.length === 0) return;
    const fromList = JSON.parse(listedKey) as PurifierAir | null;
    const key = `${sensorsKey}|${listedKey}`;
    const samples = new Map<string, SensorSample>();
    const subscription = merge(
      ...sensors.map((sensor) =>
        channel$('sensor', sensor.ulid).pipe(
          map((message) => ({ ulid: sensor.ulid, sample: newestSample(message) })),
          // A sensor that is gone (or no longer shared) must not stop the others.
          catchError(() => EMPTY),
        ),
      ),
    ).subscribe(({ ulid, sample }) => {
      if (!sample) return;
      const before = samples.get(ulid);
      if (before && Date.parse(before.ts) >= Date.parse(sample.ts)) return;
      // A snapshot older than the list's reading of that sensor teaches nothing.
      if (
        !before &&
        fromList?.sensor_ulid === ulid &&
        Date.parse(sample.ts) < Date.parse(fromList.measured_at)
      )
        return;
      samples.set(ulid, sample);
      const air = roomAirFrom(sensors, samples, fromList);
      setLive((previous) =>
        previous?.key === key && sameAir(previous.air, air) ? previous : { key, air },
      );
    });
    return () => subscription.unsubscribe();
  }, [sensorsKey, listedKey]);

  return live && live.key === `${sensorsKey}|${listedKey}` ? live.air : listed;
}
