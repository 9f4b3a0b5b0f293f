import { ACTIVATION_CODE_TTL_SECONDS, PAGE_SIZE } from '@aircloud/shared/constants';
import {
  MEDIA_OBJECT_IRI,
  type UserListQuery,
  type UserUpdateInput,
  type UserWriteInput,
} from '@aircloud/shared/users';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import { AppError } from '@aircloud/core/errors';
import { isUniqueViolation } from '@aircloud/core/db/pg-error';
import { randomToken, sha256 } from '@aircloud/core/lib/crypto';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import { emitToUser, endUserSockets } from '@aircloud/core/realtime/emitter';
import { sealKeyOf } from '@aircloud/core/devices/credentials';
import { endDeletedAccount, settleDisabledAccount } from '@aircloud/core/access/accounts';
import {
  announceEndedOwnership,
  announceSettled,
  pushClaimedInvitations,
} from '../access/announce.ts';
import type { Settled } from '@aircloud/core/access/settle';
import { endUserCredentials } from '../auth/credentials.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { insertValidationCode } from '../auth/repository.ts';
import { claimInvitations, type ClaimedInvitation } from '@aircloud/core/invitations/repository';
import { currentMe } from '../me/service.ts';
import {
  detachMediaWornByOthers,
  findMediaById,
  findUserMedia,
  setMediaOwner,
  type MediaRow,
} from '../media/repository.ts';
import { attachableAvatar, removeUnusedMedia } from '../media/service.ts';
import { assertCanReach, assertSelfEditAllowed, removesAnAdmin } from './policy.ts';
import { pageOffset } from '@aircloud/core/db/sql';
import { hydraCollection } from '@aircloud/core/jsonld';
import { userPresenter } from './presenter.ts';
import { userChange, userUpdateAction } from './audit.ts';
import { hasChanges, recordAudit } from '@aircloud/core/audit/record';
import * as repo from '@aircloud/core/users/repository';
import type { UserRow } from '@aircloud/core/users/repository';

/** The media id of an avatar IRI; undefined when absent. */
function mediaIdOf(avatarIri: string | undefined): string | undefined {
  return avatarIri === undefined ? undefined : (MEDIA_OBJECT_IRI.exec(avatarIri)?.[1] ?? '');
}

/** Runs a write, turning a duplicate e-mail into 409 `email_address_already_exists`. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'email_address_already_exists');
    throw err;
  }
}

/** Tells the user's browsers their account changed. */
async function pushMe(ctx: AppContext, user: UserRow): Promise<void> {
  emitToUser(ctx.io, user.id, 'me:updated', await currentMe(ctx, user));
}

/** GET /api/users: a page (or everything with pagination=false) of the matching users. */
export async function listUsers(ctx: AppContext, query: UserListQuery) {
  const paginated = query.pagination === 'true';
  const { rows, total } = await repo.listUsers(
    ctx.db,
    { search: query.search, role: query.role },
    paginated ? { limit: PAGE_SIZE, offset: pageOffset(query.page) } : null,
  );
  return hydraCollection(
    '/api/users',
    'User',
    rows.map(userPresenter),
    total,
    paginated ? { page: query.page, params: { search: query.search, role: query.role } } : null,
  );
}

/** The user `id`, for an admin or the user themselves. */
export async function getUser(ctx: AppContext, actor: UserRow, id: string): Promise<UserRow> {
  assertCanReach(actor, id);
  const user = await repo.findUserById(ctx.db, id);
  if (!user) throw new AppError(404, 'not_found');
  return user;
}

/**
 * Creates an account (admins). With passwords it is enabled at once; without, it stays
 * disabled and the user receives the activation mail (then sets a password with forgot-password).
 */
export async function createUser(
  ctx: AppContext,
  actor: UserRow,
  input: UserWriteInput,
): Promise<UserRow> {
  if (await repo.findUserByEmail(ctx.db, input.email))
    throw new AppError(409, 'email_address_already_exists');
  const avatar = input.avatar ? await attachableAvatar(ctx, actor, input.avatar) : null;
  const password = input.new_password1 ? input.new_password1 : null;
  const passwordHash = await hashPassword(password ?? randomToken());
  const code = password ? null : randomToken();
  let claimed: ClaimedInvitation[] = [];
  const { user, mailId } = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        id: ulid(),
        email: input.email,
        passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        company: input.company,
        phone: input.phone,
        lang: input.lang,
        avatar,
        role: input.role,
        enabled: password !== null,
      });
      if (avatar) await setMediaOwner(tx, avatar, user.id);
      await recordAudit(tx, {
        actor,
        action: 'user_created',
        target: { type: 'user', id: user.id, label: user.email },
        change: userChange(null, user),
      });
      if (!code) {
        claimed = await claimInvitations(tx, user);
        return { user, mailId: null };
      }
      await insertValidationCode(tx, {
        userId: user.id,
        purpose: 'activation',
        codeHash: sha256(code),
        expiresAt: new Date(Date.now() + ACTIVATION_CODE_TTL_SECONDS * 1000),
      });
      const link = `${ctx.config.publicUrl}/easy-connect?token=${encodeURIComponent(code)}`;
      const mailId = await recordMail(tx, {
        template: 'activation',
        to: user.email,
        lang: input.lang,
        data: { firstname: user.firstname, link },
      });
      return { user, mailId };
    }),
  );
  if (mailId) await dispatchMail(ctx.mailQueue, mailId);
  pushClaimedInvitations(ctx, claimed);
  return user;
}

/**
 * PUT /api/users/{id}: changes the fields sent. Admins edit anyone (an audit entry when a field
 * of another user changed); a user edits their own profile but not their role, e-mail or
 * enabled flag. The last enabled admin cannot be demoted
 * or disabled (409 `last_admin`). Disabling ends every credential of the user at once
 * (sessions, sockets, API token, unused links: an activation link cannot re-enable the account).
 */
export async function updateUser(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: UserUpdateInput,
): Promise<UserRow> {
  const target = await getUser(ctx, actor, id);
  const self = actor.id === target.id;
  let previousAvatar: MediaRow | undefined;
  let claimed: ClaimedInvitation[] = [];
  let settled: Settled | null = null;
  let avatar: string | null | undefined;
  const sentAvatar = input.avatar === null ? null : mediaIdOf(input.avatar);
  if (sentAvatar !== undefined && sentAvatar !== target.avatar) {
    // A new avatar must be one the actor may attach; the unchanged one is always accepted.
    avatar = input.avatar ? await attachableAvatar(ctx, actor, input.avatar) : null;
    if (target.avatar) previousAvatar = await findMediaById(ctx.db, target.avatar);
  }
  const values = {
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    lang: input.lang,
    theme: input.theme,
    company: input.company,
    phone: input.phone,
    role: input.role,
    enabled: input.enabled,
    avatar,
  };
  const updated = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      if (removesAnAdmin(target, input) && (await repo.lockOtherAdmins(tx, target.id)) === 0)
        throw new AppError(409, 'last_admin');
      if (self) assertSelfEditAllowed(target, input);
      if (input.email !== undefined && input.email !== target.email) {
        const other = await repo.findUserByEmail(tx, input.email);
        if (other && other.id !== target.id)
          throw new AppError(409, 'email_address_already_exists');
      }
      const row = await repo.updateUser(tx, target.id, values);
      if (!row) throw new AppError(404, 'not_found');
      if (avatar) await setMediaOwner(tx, avatar, row.id);
      if (target.enabled && !row.enabled) {
        await endUserCredentials(tx, row.id);
        // Whatever the account drove stops now: their rule holds are released at once.
        settled = await settleDisabledAccount(tx, row.id);
      }
      if (!target.enabled && row.enabled) claimed = await claimInvitations(tx, row);
      const change = userChange(target, row);
      // Editing one's own profile is not administration.
      if (!self && hasChanges(change))
        await recordAudit(tx, {
          actor,
          action: userUpdateAction(change),
          target: { type: 'user', id: row.id, label: row.email },
          change,
        });
      return row;
    }),
  );
  if (previousAvatar) await removeUnusedMedia(ctx, [previousAvatar]);
  pushClaimedInvitations(ctx, claimed);
  if (settled) await announceSettled(ctx, settled);
  await pushMe(ctx, updated);
  if (target.enabled && !updated.enabled) endUserSockets(ctx.io, updated.id);
  return updated;
}

/**
 * DELETE /api/users/{id} (admins): removes the account with its sessions, API token and
 * avatars; its purifiers are released (keys back to exported, access/ownership.ts). Nobody deletes themselves (403) and the last enabled admin stays (409 `last_admin`).
 */
export async function deleteUser(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  const target = await repo.findUserById(ctx.db, id);
  if (!target) throw new AppError(404, 'not_found');
  const media = await findUserMedia(ctx.db, target);
  const ended = await ctx.db.transaction(async (tx) => {
    if (removesAnAdmin(target, { enabled: false }) && (await repo.lockOtherAdmins(tx, id)) === 0)
      throw new AppError(409, 'last_admin');
    if (actor.id === target.id) throw new AppError(403, 'forbidden');
    await recordAudit(tx, {
      actor,
      action: 'user_deleted',
      target: { type: 'user', id: target.id, label: target.email },
      change: userChange(target, null),
    });
    await detachMediaWornByOthers(tx, target.id);
    // Their purifiers are released (keys back to exported) and what they drove ends.
    return endDeletedAccount(tx, target.id, sealKeyOf(ctx.config), () =>
      repo.deleteUser(tx, target.id),
    );
  });
  // Sessions, API token and links went with the row; the open sockets end here.
  endUserSockets(ctx.io, target.id);
  for (const ownership of ended.owned) await announceEndedOwnership(ctx, ownership);
  await announceSettled(ctx, ended.settled);
  await removeUnusedMedia(ctx, media);
}
