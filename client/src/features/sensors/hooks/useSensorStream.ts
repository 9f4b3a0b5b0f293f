import { useEffect } from 'react';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { sensorsApi } from '../api/sensorsApi.ts';
import { applySensorMessage } from './sensorLive.ts';

/**
 * Keeps the cached detail of one sensor live: last sample, network state and settings changed
 * elsewhere; an import's progress reloads the import list's cache entry in place.
 */
export function useSensorStream(sensorUlid: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!sensorUlid) return;
    const subscription = channel$('sensor', sensorUlid).subscribe({
      next: (message) => {
        if (message.type === 'import') {
          const pushed = message.sensorImport;
          dispatch(
            sensorsApi.util.updateQueryData('listSensorImports', sensorUlid, (draft) => {
              const members = draft['hydra:member'];
              const index = members.findIndex((i) => i.id === pushed.id);
              if (index === -1) {
                members.unshift(pushed);
                draft['hydra:totalItems'] += 1;
              } else members[index] = pushed;
            }),
          );
          // A finished or cancelled import changed the history the graphs show.
          if (pushed.state !== 'running' && pushed.state !== 'pending')
            dispatch(sensorsApi.util.invalidateTags([{ type: 'SensorMeasures', id: sensorUlid }]));
          return;
        }
        dispatch(
          sensorsApi.util.updateQueryData('getSensor', sensorUlid, (draft) =>
            applySensorMessage(draft, message),
          ),
        );
      },
      // A refused subscription (removed meanwhile): the page keeps what HTTP gave it.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [dispatch, sensorUlid]);
}
