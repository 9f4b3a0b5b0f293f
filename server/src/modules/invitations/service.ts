import type { Language } from '@aircloud/shared/constants';
import type {
  CreateInvitationInput,
  Invitation,
  InvitationsQuery,
  InvitationsSent,
  UpdateInvitationInput,
} from '@aircloud/shared/invitations';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { storedUlid } from '@aircloud/shared/ids';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '@aircloud/core/errors';
import { hydraCollection } from '@aircloud/core/jsonld';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import { findUserByEmail, findUserById, type UserRow } from '@aircloud/core/users/repository';
import {
  announceSettled,
  endMachineAccess,
  pushInvitationChanged,
  pushInvitationCount,
} from '../access/announce.ts';
import { settleControl } from '@aircloud/core/access/settle';
import { invitationPresenter } from './presenter.ts';
import {
  findInvitation,
  insertOrLockLive,
  invitationDetails,
  invitationMachineIds,
  listInvitations,
  ownedPurifierIds,
  ownedSensorIds,
  setInvitationMachines,
  setInvitationStatus,
  touchInvitation,
  type InvitationDetail,
  type InvitationRow,
} from '@aircloud/core/invitations/repository';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Refuses (422 on `purifiers` / `sensors`) machines the sender does not own. */
async function assertOwned(
  tx: Tx,
  sender: UserRow,
  machines: { purifiers: string[]; sensors: string[] },
): Promise<void> {
  const [p, s] = await Promise.all([
    ownedPurifierIds(tx, sender.id, machines.purifiers),
    ownedSensorIds(tx, sender.id, machines.sensors),
  ]);
  if (p.length !== machines.purifiers.length)
    throw fieldError('invitation_machine_not_owned', 'purifiers');
  if (s.length !== machines.sensors.length)
    throw fieldError('invitation_machine_not_owned', 'sensors');
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** The invitation mail of one invitation, in the invitee's language, else the sender's. */
async function recordInvitationMail(
  ctx: AppContext,
  tx: Tx,
  sender: UserRow,
  detail: InvitationDetail,
  recipient: UserRow | undefined,
): Promise<string> {
  const base = ctx.config.publicUrl;
  const machines = [...detail.purifiers, ...detail.sensors].map((m) => m.name).join(', ');
  const data = {
    firstname: recipient?.firstname ?? '',
    sender: `${sender.firstname} ${sender.lastname}`.trim(),
    machines,
  };
  return recipient
    ? recordMail(tx, {
        template: 'invitation',
        to: detail.email,
        lang: recipient.lang as Language,
        data: { ...data, link: `${base}/invitations/received` },
      })
    : recordMail(tx, {
        template: 'invitation_register',
        to: detail.email,
        lang: sender.lang as Language,
        data: {
          ...data,
          link: `${base}/account-creation?email=${encodeURIComponent(detail.email)}`,
        },
      });
}

/**
 * POST /api/invitations: one invitation per e-mail with the selected machines (all owned by the
 * sender). A live invitation of the same sender to the same e-mail gets the machines added
 * instead of a second one. Each invitee gets a mail; account holders see it at once (waiting for
 * approval), others once they register and activate (waiting for user until then).
 */
export async function sendInvitations(
  ctx: AppContext,
  sender: UserRow,
  input: CreateInvitationInput,
): Promise<InvitationsSent> {
  const machines = { purifiers: input.purifiers, sensors: input.sensors };
  const { ids, mailIds, notify, changed } = await ctx.db.transaction(async (tx) => {
    await assertOwned(tx, sender, machines);
    const ids: string[] = [];
    const mailIds: string[] = [];
    const notify: string[] = [];
    const changed: [string, string][] = [];
    for (const email of input.emails) {
      const account = await findUserByEmail(tx, email);
      const recipient = account?.enabled ? account : undefined;
      const { row, created } = await insertOrLockLive(tx, {
        id: ulid(),
        senderId: sender.id,
        email,
        recipientId: recipient?.id ?? null,
        lang: sender.lang,
      });
      const current = created
        ? { purifiers: [], sensors: [] }
        : await invitationMachineIds(tx, row.id);
      await setInvitationMachines(tx, row.id, {
        purifiers: union(current.purifiers, machines.purifiers),
        sensors: union(current.sensors, machines.sensors),
      });
      if (!created) await touchInvitation(tx, row.id);
      const [detail] = await invitationDetails(tx, [row.id]);
      const invitee = row.recipientId ? await findUserById(tx, row.recipientId) : recipient;
      mailIds.push(await recordInvitationMail(ctx, tx, sender, detail!, invitee));
      if (row.recipientId && row.status === 'pending') notify.push(row.recipientId);
      if (row.recipientId) changed.push([row.recipientId, row.id]);
      ids.push(row.id);
    }
    return { ids, mailIds, notify, changed };
  });
  for (const [userId, id] of changed) pushInvitationChanged(ctx, userId, id);
  await Promise.all(mailIds.map((id) => dispatchMail(ctx.mailQueue, id)));
  await Promise.all(notify.map((userId) => pushInvitationCount(ctx, userId)));
  const details = await invitationDetails(ctx.db, ids);
  return {
    '@type': 'InvitationsSent',
    'hydra:member': details.map((d) => invitationPresenter(d, sender.id)),
  };
}

/** GET /api/invitations: live invitations sent or received, latest first. */
export async function listFor(
  ctx: AppContext,
  user: UserRow,
  query: InvitationsQuery,
): Promise<HydraCollection<Invitation>> {
  const { rows, total } = await listInvitations(
    ctx.db,
    { userId: user.id, direction: query.direction, purifier: query.purifier, sensor: query.sensor },
    query.page,
  );
  return hydraCollection(
    '/api/invitations',
    'Invitation',
    rows.map((r) => invitationPresenter(r, user.id)),
    total,
    {
      page: query.page,
      params: { direction: query.direction, purifier: query.purifier, sensor: query.sensor },
    },
  );
}

/**
 * The invitation `id` as its sender or its recipient sees it, locked: 404 for anybody else and
 * for ended invitations (withdrawn, refused, revoked, left), which are no longer listed.
 */
async function liveInvitationOf(
  tx: Tx,
  user: UserRow,
  id: string,
  as: 'sender' | 'recipient' | 'either',
): Promise<InvitationRow> {
  const stored = storedUlid(id);
  const row = stored ? await findInvitation(tx, stored, true) : undefined;
  const isSender = row?.senderId === user.id;
  const isRecipient = row?.recipientId === user.id;
  if (!row || (!isSender && !isRecipient)) throw new AppError(404, 'not_found');
  if (row.status !== 'pending' && row.status !== 'accepted') throw new AppError(404, 'not_found');
  if ((as === 'sender' && !isSender) || (as === 'recipient' && !isRecipient))
    throw new AppError(403, 'forbidden');
  return row;
}

/** GET /api/invitations/{id}: a live invitation to its sender or recipient (its @id dereferences). */
export async function getInvitation(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<Invitation> {
  const row = await ctx.db.transaction((tx) => liveInvitationOf(tx, user, id, 'either'));
  return presentOne(ctx, row.id, user.id);
}

async function presentOne(ctx: AppContext, id: string, viewerId: string): Promise<Invitation> {
  const [detail] = await invitationDetails(ctx.db, [id]);
  return invitationPresenter(detail!, viewerId);
}

/** POST /api/invitations/{id}/accept|refuse (recipient, while waiting for approval). */
export async function answerInvitation(
  ctx: AppContext,
  user: UserRow,
  id: string,
  answer: 'accepted' | 'refused',
): Promise<Invitation | null> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await liveInvitationOf(tx, user, id, 'recipient');
    if (row.status !== 'pending') throw new AppError(409, 'invitation_closed');
    return setInvitationStatus(tx, row.id, answer);
  });
  await pushInvitationCount(ctx, user.id);
  pushInvitationChanged(ctx, row.senderId, row.id);
  return answer === 'accepted' ? presentOne(ctx, row.id, user.id) : null;
}

/**
 * PATCH /api/invitations/{id} (sender): replaces the shared machines, while waiting or accepted.
 * Machines taken out of an accepted share stop being reachable at once (sockets included).
 */
export async function updateInvitation(
  ctx: AppContext,
  sender: UserRow,
  id: string,
  input: UpdateInvitationInput,
): Promise<Invitation> {
  const { row, removed, settled } = await ctx.db.transaction(async (tx) => {
    const row = await liveInvitationOf(tx, sender, id, 'sender');
    const before = await invitationMachineIds(tx, row.id);
    const next = { purifiers: input.purifiers, sensors: input.sensors };
    await assertOwned(tx, sender, next);
    await setInvitationMachines(tx, row.id, next);
    await touchInvitation(tx, row.id);
    const removed = {
      purifiers: before.purifiers.filter((p) => !next.purifiers.includes(p)),
      sensors: before.sensors.filter((s) => !next.sensors.includes(s)),
    };
    // What the recipient built on the machines taken out of the share ends with it.
    const settled = await settleControl(tx, removed);
    return { row, removed, settled };
  });
  await announceSettled(ctx, settled);
  if (row.status === 'accepted' && row.recipientId)
    await endMachineAccess(ctx, row.recipientId, removed);
  pushInvitationChanged(ctx, row.recipientId, row.id);
  return presentOne(ctx, row.id, sender.id);
}

/**
 * DELETE /api/invitations/{id}: the sender withdraws a waiting invitation or revokes an
 * accepted share; the recipient refuses a waiting one or leaves an accepted share. Access ends
 * at once: the recipient's sockets leave the machines' rooms and are told.
 */
export async function endInvitation(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { row, machines, settled } = await ctx.db.transaction(async (tx) => {
    const row = await liveInvitationOf(tx, user, id, 'either');
    const bySender = row.senderId === user.id;
    const status =
      row.status === 'accepted'
        ? bySender
          ? 'revoked'
          : 'left'
        : bySender
          ? 'withdrawn'
          : 'refused';
    const machines = await invitationMachineIds(tx, row.id);
    const ended = await setInvitationStatus(tx, row.id, status);
    // Links, rule holds and schedules the recipient built on the share end with it, at once.
    const settled = await settleControl(tx, machines);
    return { row: ended, machines, settled };
  });
  await announceSettled(ctx, settled);
  pushInvitationChanged(ctx, row.senderId === user.id ? row.recipientId : row.senderId, row.id);
  if (!row.recipientId) return;
  if (row.status === 'withdrawn' || row.status === 'refused')
    await pushInvitationCount(ctx, row.recipientId);
  else await endMachineAccess(ctx, row.recipientId, machines);
}
