import { useEffect } from 'react';
import { catchError, EMPTY, map, merge } from 'rxjs';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { sensorsApi, type SensorsListArgs } from '../api/sensorsApi.ts';
import { applySensorMessage } from './sensorLive.ts';

/**
 * Keeps the shown page of the sensor list live: follows the channel of each sensor on it and
 * writes its latest values and network state into the `listSensors` cache of the current query.
 */
export function useSensorListStream(ulids: readonly string[], args: SensorsListArgs): void {
  const dispatch = useAppDispatch();
  // Stable dependencies: a refetch returning the same page does not resubscribe.
  const ulidsKey = ulids.join(',');
  const argsKey = JSON.stringify(args);
  useEffect(() => {
    if (!ulidsKey) return;
    const listArgs = JSON.parse(argsKey) as SensorsListArgs;
    const subscription = merge(
      ...ulidsKey.split(',').map((ulid) =>
        channel$('sensor', ulid).pipe(
          map((message) => ({ ulid, message })),
          // One sensor refused (removed meanwhile) must not stop the others.
          catchError(() => EMPTY),
        ),
      ),
    ).subscribe(({ ulid, message }) => {
      if (message.type === 'import') return;
      dispatch(
        sensorsApi.util.updateQueryData('listSensors', listArgs, (draft) => {
          const members = draft['hydra:member'];
          const index = members.findIndex((s) => s.ulid === ulid);
          const current = members[index];
          if (!current) return;
          const replaced = applySensorMessage(current, message);
          if (replaced) members[index] = replaced;
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [dispatch, ulidsKey, argsKey]);
}
