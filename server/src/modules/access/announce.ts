import type { AccessRevokedEvent } from '@aircloud/shared/invitations';
import { purifierRoom, sensorRoom, userRoom } from '@aircloud/shared/realtime';
import type { AppContext } from '../../context.ts';
import { deliverDeviceSecret, forgetDeviceEverywhere } from '@aircloud/core/devices/credentials';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import { emitToUser } from '@aircloud/core/realtime/emitter';
import { findMachine } from '@aircloud/core/access/machine-access';
import { mePresenter } from '../me/presenter.ts';
import { sensorPresenter } from '../sensors/presenter.ts';
import { findSensorDetail } from '@aircloud/core/sensors/repository';
import { findUserById } from '@aircloud/core/users/repository';
import {
  pendingReceivedCount,
  type ClaimedInvitation,
} from '@aircloud/core/invitations/repository';
import type { EndedOwnership } from '@aircloud/core/access/ownership';
import type { Settled } from '@aircloud/core/access/settle';

/**
 * What the browsers are told once a change of access is committed: machines whose control
 * changed, live views that must close, invitations that changed on the other side.
 */

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
 * Ends a user's live view of machines they can no longer reach (asked again of the machine
 * guard, since another share or their role may still grant it): every socket of the user, on
 * every server node, leaves those machines' rooms, then `access:revoked` tells the pages.
 */
export async function endMachineAccess(
  ctx: Pick<AppContext, 'db' | 'io'>,
  userId: string,
  machines: AccessRevokedEvent,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || machines.purifiers.length + machines.sensors.length === 0) return;
  const lost: AccessRevokedEvent = { purifiers: [], sensors: [] };
  for (const id of machines.purifiers)
    if (!(await findMachine(ctx.db, user, 'purifier', id))) lost.purifiers.push(id);
  for (const id of machines.sensors)
    if (!(await findMachine(ctx.db, user, 'sensor', id))) lost.sensors.push(id);
  if (lost.purifiers.length + lost.sensors.length === 0) return;
  const sockets = ctx.io.in(userRoom(userId));
  for (const id of lost.purifiers) sockets.socketsLeave(purifierRoom(id));
  for (const id of lost.sensors) sockets.socketsLeave(sensorRoom(id));
  emitToUser(ctx.io, userId, 'access:revoked', lost);
}

/**
 * After the commit of a change of access: purifiers whose mode or schedule changed get their
 * command and their browsers `purifier:updated`; sensors that lost links tell their pages.
 */
export async function announceSettled(ctx: AppContext, settled: Settled): Promise<void> {
  for (const row of settled.changed) pushPurifier(ctx.io, row, { command: true });
  for (const sensorId of new Set(settled.removedLinks.map((l) => l.sensorId))) {
    const detail = await findSensorDetail(ctx.db, sensorId);
    if (detail) ctx.io.to(sensorRoom(sensorId)).emit('sensor:changed', sensorPresenter(detail));
  }
}

/**
 * After the commit of the end of a purifier's ownership: the settled changes, the new device
 * secret handed to the device (and every node forgets the cached credential), the former owner's
 * and invitees' live views closed on every node, and the invitations that changed announced.
 */
export async function announceEndedOwnership(ctx: AppContext, ended: EndedOwnership) {
  await announceSettled(ctx, ended.settled);
  await forgetDeviceEverywhere(ctx.redis, ctx.config.redisPrefix, ended.serialNumber);
  if (ended.deviceSecret)
    await deliverDeviceSecret(
      ctx.io,
      { id: ended.purifierId, serialNumber: ended.serialNumber },
      ended.deviceSecret,
    );
  const people = new Set([ended.formerOwner, ...ended.invitees].filter((u) => u !== null));
  for (const userId of people)
    await endMachineAccess(ctx, userId, { purifiers: [ended.purifierId], sensors: [] });
  for (const invitation of ended.invitations) {
    pushInvitationChanged(ctx, invitation.senderId, invitation.id);
    pushInvitationChanged(ctx, invitation.recipientId, invitation.id);
    if (invitation.recipientId && invitation.ended)
      await pushInvitationCount(ctx, invitation.recipientId);
  }
}
