import { useEffect } from 'react';
import { catchError, EMPTY, map, merge } from 'rxjs';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { purifiersApi, type PurifiersListArgs } from '../api/purifiersApi.ts';
import { applyPurifierMessage } from './purifierLive.ts';

/**
 * Keeps the shown page of the purifier list live: follows the channel of each purifier on it and
 * writes its updates into the `listPurifiers` cache of the current arguments.
 */
export function usePurifierListStream(ulids: readonly string[], args: PurifiersListArgs): void {
  const dispatch = useAppDispatch();
  // Stable dependencies: a refetch returning the same page does not resubscribe.
  const ulidsKey = ulids.join(',');
  const argsKey = JSON.stringify(args);
  useEffect(() => {
    if (!ulidsKey) return;
    const listArgs = JSON.parse(argsKey) as PurifiersListArgs;
    const subscription = merge(
      ...ulidsKey.split(',').map((ulid) =>
        channel$('purifier', ulid).pipe(
          map((message) => ({ ulid, message })),
          // One purifier refused (removed meanwhile) must not stop the others.
          catchError(() => EMPTY),
        ),
      ),
    ).subscribe(({ ulid, message }) => {
      dispatch(
        purifiersApi.util.updateQueryData('listPurifiers', listArgs, (draft) => {
          const members = draft['hydra:member'];
          const index = members.findIndex((p) => p.ulid === ulid);
          const current = members[index];
          if (!current) return;
          const replaced = applyPurifierMessage(current, message);
          if (replaced) members[index] = replaced;
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [dispatch, ulidsKey, argsKey]);
}
