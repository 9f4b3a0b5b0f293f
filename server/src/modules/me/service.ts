import type { EditPasswordInput } from '@aircloud/shared/auth';
import { API_TOKEN_VALIDITY_DAYS } from '@aircloud/shared/constants';
import type { ApiToken, Me } from '@aircloud/shared/users';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../http/app-error.ts';
import { encrypt, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { revokeUserTokens } from '../auth/repository.ts';
import { issueSession, type SessionTokens } from '../auth/session.ts';
import { pendingReceivedCount } from '../invitations/repository.ts';
import { setApiToken, updatePasswordHash, type UserRow } from '../users/repository.ts';
import { mePresenter } from './presenter.ts';

/** The current user as GET /api/me answers it, with the count of invitations awaiting an answer. */
export async function currentMe(
  ctx: Pick<AppContext, 'db' | 'apiTokenKey'>,
  user: UserRow,
): Promise<Me> {
  return mePresenter(user, ctx.apiTokenKey, await pendingReceivedCount(ctx.db, user.id));
}

/**
 * Changes the user's own password and revokes every refresh token of the user; returns a fresh
 * session (when asked) so the browser that made the change stays signed in.
 */
export async function editPassword(
  ctx: AppContext,
  user: UserRow,
  input: EditPasswordInput,
  newSession: boolean,
): Promise<SessionTokens | null> {
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw fieldError('current_password_invalid', 'current_password');
  }
  if (input.new_password1 !== input.new_password2)
    throw fieldError('new_password_invalid', 'new_password2');
  if (input.new_password1 === input.current_password)
    throw fieldError('password_already_used', 'new_password1');
  const passwordHash = await hashPassword(input.new_password1);
  return ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeUserTokens(tx, user.id);
    return newSession ? issueSession(ctx, tx, user) : null;
  });
}

/** Generates a personal API token (`aq_…`), replacing any previous one. */
export async function generateApiToken(ctx: AppContext, user: UserRow): Promise<ApiToken> {
  const token = `aq_${randomBytes(32).toString('base64url')}`;
  const validity = new Date(Date.now() + API_TOKEN_VALIDITY_DAYS * 24 * 3600 * 1000);
  await setApiToken(ctx.db, user.id, {
    hash: sha256(token),
    encrypted: encrypt(ctx.apiTokenKey, token),
    validity,
  });
  return { api_token: token, api_token_validity: validity.toISOString() };
}
