import { useEffect } from 'react';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { purifiersApi } from '../api/purifiersApi.ts';
import { applyPurifierMessage } from './purifierLive.ts';

/**
 * Keeps the cached detail of one purifier live: its channel's snapshot and updates are written
 * into the `getPurifier` cache (state, network, desired/reported mode, pending, maintenance).
 */
export function usePurifierStream(purifierUlid: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!purifierUlid) return;
    const subscription = channel$('purifier', purifierUlid).subscribe({
      next: (message) =>
        void dispatch(
          purifiersApi.util.updateQueryData('getPurifier', purifierUlid, (draft) =>
            applyPurifierMessage(draft, message),
          ),
        ),
      // A refused subscription (removed meanwhile): the page keeps what HTTP gave it.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [dispatch, purifierUlid]);
}
