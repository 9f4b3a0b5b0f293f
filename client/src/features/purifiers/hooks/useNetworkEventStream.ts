import { useEffect } from 'react';
import { filter } from 'rxjs';
import { realtime } from '../../../lib/realtime/socket.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { merakiApi } from '../api/merakiApi.ts';
import { purifiersApi } from '../api/purifiersApi.ts';

/**
 * Follows the Meraki events of one purifier: each `network-event:created` pushed for it reloads
 * its history and the purifier (the event may have changed its mode).
 */
export function useNetworkEventStream(purifierUlid: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscription = realtime.networkEventCreated$
      .pipe(filter((event) => event.purifier.endsWith(`/${purifierUlid}`)))
      .subscribe(() => {
        dispatch(merakiApi.util.invalidateTags([{ type: 'NetworkEvent', id: purifierUlid }]));
        dispatch(purifiersApi.util.invalidateTags([{ type: 'Purifier', id: purifierUlid }]));
      });
    return () => subscription.unsubscribe();
  }, [dispatch, purifierUlid]);
}
