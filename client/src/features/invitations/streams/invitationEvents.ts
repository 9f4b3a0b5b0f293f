import type { Subscription } from 'rxjs';
import { notifyError } from '../../../lib/notifications/notificationsSlice.ts';
import { realtime } from '../../../lib/realtime/socket.ts';
import type { AppDispatch } from '../../../lib/storeHooks.ts';
import { invitationsApi } from '../api/invitationsApi.ts';

/**
 * When the server says the user lost access to machines (a share revoked or left), the cached
 * machines are refetched: their open pages get 404 and show not-found, lists drop them.
 */
export function watchAccessRevoked(dispatch: AppDispatch): Subscription {
  return realtime.accessRevoked$.subscribe((event) => {
    dispatch(
      invitationsApi.util.invalidateTags([
        ...event.purifiers.map((id) => ({ type: 'Purifier' as const, id })),
        ...event.sensors.map((id) => ({ type: 'Sensor' as const, id })),
        { type: 'Purifier', id: 'LIST' },
        { type: 'Sensor', id: 'LIST' },
        { type: 'Invitation', id: 'LIST' },
      ]),
    );
    dispatch(notifyError('invitations.revoked'));
  });
}

/**
 * When the other side changes one of the user's invitations (answers, leaves, withdraws, changes
 * its machines), the sent and received lists and the machines' access tabs are refetched.
 */
export function watchInvitationChanges(dispatch: AppDispatch): Subscription {
  return realtime.invitationChanged$.subscribe(({ id }) => {
    dispatch(
      invitationsApi.util.invalidateTags([
        { type: 'Invitation', id },
        { type: 'Invitation', id: 'LIST' },
      ]),
    );
  });
}
