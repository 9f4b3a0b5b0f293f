import type { AccessRevokedEvent } from '@aircloud/shared/invitations';
import { purifierRoom, sensorRoom, userRoom } from '@aircloud/shared/realtime';
import type { AppContext } from '../../context.ts';
import { emitToUser } from '@aircloud/core/realtime/emitter';
import { mePresenter } from '../me/presenter.ts';
import { purifierAccess } from '@aircloud/core/access/purifier-access';
import { findPurifier } from '@aircloud/core/purifiers/repository';
import { sensorAccess } from '@aircloud/core/access/sensor-access';
import { findSensor } from '@aircloud/core/sensors/repository';
import { findUserById } from '@aircloud/core/users/repository';
import {
  pendingReceivedCount,
  type ClaimedInvitation,
} from '@aircloud/core/invitations/repository';

/** Pushes `me:updated` (with the fresh invitation count) to every browser of a user. */
export async function pushInvitationCount(
  ctx: Pick<AppContext, 'db' | 'io'>,
  userId: string,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const count = await pendingReceivedCount(ctx.db, userId);
  emitToUser(ctx.io, userId, 'me:updated', mePresenter(user, count));
}

/** Tells every browser of a user that the other side changed one of their invitations. */
export function pushInvitationChanged(
  ctx: Pick<AppContext, 'io'>,
  userId: string | null,
  invitationId: string,
): void {
  if (userId) emitToUser(ctx.io, userId, 'invitation:changed', { id: invitationId });
}

/** Tells the senders of invitations just claimed by a new account (now waiting for approval). */
export function pushClaimedInvitations(
  ctx: Pick<AppContext, 'io'>,
  claimed: ClaimedInvitation[],
): void {
  for (const { id, senderId } of claimed) pushInvitationChanged(ctx, senderId, id);
}

/**
 * Ends a user's live view of machines they can no longer reach (checked again through the
 * policies, since another share or their role may still grant it): every socket of the user,
 * on every server node, leaves those machines' rooms, then `access:revoked` tells the pages.
 */
export async function endMachineAccess(
  ctx: Pick<AppContext, 'db' | 'io'>,
  userId: string,
  machines: AccessRevokedEvent,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || machines.purifiers.length + machines.sensors.length === 0) return;
  const lost: AccessRevokedEvent = { purifiers: [], sensors: [] };
  for (const id of machines.purifiers) {
    const row = await findPurifier(ctx.db, id);
    if (!row || !(await purifierAccess(ctx.db, user, row))) lost.purifiers.push(id);
  }
  for (const id of machines.sensors) {
    const row = await findSensor(ctx.db, id);
    if (!row || !(await sensorAccess(ctx.db, user, row))) lost.sensors.push(id);
  }
  if (lost.purifiers.length + lost.sensors.length === 0) return;
  const sockets = ctx.io.in(userRoom(userId));
  for (const id of lost.purifiers) sockets.socketsLeave(purifierRoom(id));
  for (const id of lost.sensors) sockets.socketsLeave(sensorRoom(id));
  emitToUser(ctx.io, userId, 'access:revoked', lost);
}
