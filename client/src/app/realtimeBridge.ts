import { closeRealtime, openRealtime, realtime, retryRealtime } from '../lib/realtime/socket.ts';
import { meApi } from '../lib/api/meApi.ts';
import { forceLogout } from '../lib/api/baseQuery.ts';
import { authenticated } from '../lib/session/sessionSlice.ts';
import { watchAlertTriggers } from '../features/alert-rules/streams/alertTriggers.ts';
import {
  watchAccessRevoked,
  watchInvitationChanges,
} from '../features/invitations/streams/invitationEvents.ts';
import type { AppStore } from './store.ts';

/** Opens the socket while authenticated and feeds its events into the store. */
export function connectRealtime(store: AppStore): () => void {
  let authenticatedBefore = false;
  const follow = () => {
    const isAuthenticated = store.getState().session.authState === 'authenticated';
    if (isAuthenticated === authenticatedBefore) return;
    authenticatedBefore = isAuthenticated;
    if (isAuthenticated) void openRealtime();
    else closeRealtime();
  };
  const unsubscribeStore = store.subscribe(follow);
  follow();
  const meSubscription = realtime.meUpdated$.subscribe((me) => {
    store.dispatch(authenticated(me));
    void store.dispatch(meApi.util.upsertQueryData('getMe', undefined, me));
  });
  const revokedSubscription = realtime.sessionRevoked$.subscribe(() => {
    if (store.getState().session.authState === 'authenticated') forceLogout(store.dispatch);
  });
  // The socket's access cookie was refused (expired while the socket was down): a me call renews
  // the session (refresh and replay, or sign-out when it is over), then the socket tries again.
  const refusedSubscription = realtime.connectRefused$.subscribe(() => {
    void store
      .dispatch(meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }))
      .then((result) => {
        if (result.data?.ulid) retryRealtime();
      });
  });
  const alertSubscription = watchAlertTriggers(store.dispatch);
  const accessSubscription = watchAccessRevoked(store.dispatch);
  const invitationSubscription = watchInvitationChanges(store.dispatch);
  return () => {
    unsubscribeStore();
    alertSubscription.unsubscribe();
    accessSubscription.unsubscribe();
    invitationSubscription.unsubscribe();
    meSubscription.unsubscribe();
    revokedSubscription.unsubscribe();
    refusedSubscription.unsubscribe();
    closeRealtime();
  };
}
