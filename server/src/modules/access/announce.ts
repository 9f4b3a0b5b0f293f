import { sensorRoom } from '@aircloud/shared/realtime';
import type { AppContext } from '../../context.ts';
import { deliverDeviceSecret, forgetDeviceEverywhere } from '@aircloud/core/devices/credentials';
import { pushPurifier } from '@aircloud/core/purifiers/push';
import {
  endMachineAccess,
  pushInvitationChanged,
  pushInvitationCount,
} from '../invitations/access.ts';
import { sensorPresenter } from '../sensors/presenter.ts';
import { findSensorDetail } from '@aircloud/core/sensors/repository';
import type { EndedOwnership } from '@aircloud/core/access/ownership';
import type { Settled } from '@aircloud/core/access/settle';

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
  if (ended.deviceSecret) deliverDeviceSecret(ctx.io, ended.purifierId, ended.deviceSecret);
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
