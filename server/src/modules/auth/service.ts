import { RESET_CODE_TTL_SECONDS } from '@aircloud/shared/constants';
import type { LoginInput, ResetPasswordInput } from '@aircloud/shared/auth';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '@aircloud/core/errors';
import { randomToken, sha256 } from '@aircloud/core/lib/crypto';
import { dispatchMail, recordMail } from '@aircloud/core/outbox/outbox';
import { endSessionSockets, endUserSockets } from '@aircloud/core/realtime/emitter';
import { pushClaimedInvitations } from '../access/announce.ts';
import { claimInvitations } from '@aircloud/core/invitations/repository';
import { userLanguage } from '@aircloud/core/users/language';
import {
  enableUser,
  findUserByEmail,
  findUserById,
  updatePasswordHash,
  type UserRow,
} from '@aircloud/core/users/repository';
import { endUserCredentials } from './credentials.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import {
  CODE_PURPOSES,
  findRefreshToken,
  findUsableCode,
  isActivationOfEnabledAccount,
  insertValidationCode,
  lockUser,
  markCodeUsed,
  markReplaced,
  revokeFamily,
} from './repository.ts';
import { issueSession, type SessionTokens } from './session.ts';

/** Checks e-mail and password and opens a session; same timing whether or not the account exists. */
export async function login(ctx: AppContext, input: LoginInput): Promise<SessionTokens> {
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError(401, 'credential');
  if (!user.enabled) throw new AppError(401, 'account_not_enabled');
  return issueSession(ctx, ctx.db, user);
}

/** Ends one browser session: its refresh family (so its access tokens) and its sockets. */
async function endSession(ctx: AppContext, familyId: string): Promise<void> {
  await revokeFamily(ctx.db, familyId);
  endSessionSockets(ctx.io, familyId);
}

/**
 * Rotates a refresh token: the presented one is marked replaced and a new one of the same family
 * is issued. A replaced or revoked token presented again revokes the whole family.
 */
export async function refresh(
  ctx: AppContext,
  presented: string | undefined,
): Promise<SessionTokens> {
  if (!presented) throw new AppError(401, 'unauthorized');
  const token = await findRefreshToken(ctx.db, sha256(presented));
  if (!token) throw new AppError(401, 'unauthorized');
  if (token.replacedAt || token.revokedAt) {
    await endSession(ctx, token.familyId);
    throw new AppError(401, 'unauthorized');
  }
  if (token.expiresAt <= new Date()) throw new AppError(401, 'unauthorized');
  const user = await findUserById(ctx.db, token.userId);
  if (!user?.enabled) {
    await endSession(ctx, token.familyId);
    throw new AppError(401, 'unauthorized');
  }
  const rotated = await ctx.db.transaction(async (tx) => {
    if (!(await markReplaced(tx, token.id))) return null;
    return issueSession(ctx, tx, user, token.familyId);
  });
  if (!rotated) {
    // Another request rotated this token between our read and our write: treat it as a reuse.
    await endSession(ctx, token.familyId);
    throw new AppError(401, 'unauthorized');
  }
  return rotated;
}

/**
 * Ends the session of the presented refresh token, if any: its family is revoked, so the access
 * cookie of that browser is refused at once, and its sockets are disconnected on every node.
 */
export async function logout(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const token = await findRefreshToken(ctx.db, sha256(presented));
  if (token) await endSession(ctx, token.familyId);
}

/** Mails a reset link (valid one hour) when the account exists; silent otherwise. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const code = randomToken();
  const lang = userLanguage(user);
  const link = `${ctx.config.publicUrl}/renew-password?token=${encodeURIComponent(code)}&lang=${lang}`;
  const mailId = await ctx.db.transaction(async (tx) => {
    await insertValidationCode(tx, {
      userId: user.id,
      purpose: 'password_reset',
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000),
    });
    return recordMail(tx, {
      template: 'password_reset',
      to: user.email,
      lang,
      data: { firstname: user.firstname, link },
    });
  });
  await dispatchMail(ctx.mailQueue, mailId);
}

/**
 * Sets a new password from a reset code and ends every credential of that user: sessions,
 * sockets, API token and the other unused links (the activation link of an account that was
 * never enabled excepted: it still needs it).
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  if (input.new_password1 !== input.new_password2)
    throw fieldError('new_password_invalid', 'new_password2');
  const code = await findUsableCode(ctx.db, sha256(input.token), 'password_reset');
  if (!code) throw new AppError(400, 'error_token_renew');
  const user = await findUserById(ctx.db, code.userId);
  if (!user) throw new AppError(400, 'error_token_renew');
  if (await verifyPassword(user.passwordHash, input.new_password1)) {
    throw fieldError('password_already_used', 'new_password1');
  }
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    if (!(await markCodeUsed(tx, code.id))) throw new AppError(400, 'error_token_renew');
    await updatePasswordHash(tx, user.id, passwordHash);
    await endUserCredentials(tx, user.id, user.enabled ? CODE_PURPOSES : ['password_reset']);
  });
  endUserSockets(ctx.io, user.id);
}

/**
 * Enables the account of an activation code and opens a session (the easy-connect link). An
 * admin's disable invalidates the account's unused codes, so it cannot be undone from a link.
 */
export async function activate(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; session: SessionTokens }> {
  const code = await findUsableCode(ctx.db, sha256(token), 'activation');
  if (!code) {
    // A used link of an account now active: say so (the page then leads to Login).
    if (await isActivationOfEnabledAccount(ctx.db, sha256(token)))
      throw new AppError(409, 'account_already_active');
    throw new AppError(400, 'error_token_renew');
  }
  const { claimed, ...activated } = await ctx.db.transaction(async (tx) => {
    // The user's row first: a disable running now either commits before (its invalidation of
    // this code then refuses it here) or waits for this activation and disables after it.
    await lockUser(tx, code.userId);
    if (!(await markCodeUsed(tx, code.id))) throw new AppError(400, 'error_token_renew');
    const user = await enableUser(tx, code.userId);
    // Invitations sent to this e-mail before the account existed now wait for its answer.
    const claimed = await claimInvitations(tx, user);
    return { user, session: await issueSession(ctx, tx, user), claimed };
  });
  pushClaimedInvitations(ctx, claimed);
  return activated;
}
