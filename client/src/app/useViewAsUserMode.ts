import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { isAdmin } from '@aircloud/shared/roles';
import { viewAsUserOf } from '../lib/navigation/viewAsUser.ts';
import { viewAsUserCleared, viewAsUserSet } from '../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../lib/storeHooks.ts';

/**
 * Keeps the session's view-as-user mode in step with the URL: an administrator on a page with
 * `?user=<ulid>` is in the mode; a page without it ends the mode. Answers the viewed user ulid.
 */
export function useViewAsUserMode(): string | null {
  const dispatch = useAppDispatch();
  const location = useLocation();
  // While leaving (e.g. 'Back to administration' cleared the mode), the old URL does not count.
  const leaving = useNavigation().state !== 'idle';
  const role = useAppSelector((state) => state.session.user?.role);
  const current = useAppSelector((state) => state.session.viewAsUser ?? null);
  const wanted = isAdmin(role) ? viewAsUserOf(location.search) : null;

  useEffect(() => {
    if (wanted && wanted !== current && !leaving) dispatch(viewAsUserSet(wanted));
    else if (!wanted && current) dispatch(viewAsUserCleared());
  }, [wanted, current, leaving, dispatch]);

  return wanted;
}
