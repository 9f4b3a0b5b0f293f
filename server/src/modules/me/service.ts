import type { EditPasswordInput } from '@aircloud/shared/auth';
import { API_TOKEN_VALIDITY_DAYS } from '@aircloud/shared/constants';
import type { ApiToken, Me } from '@aircloud/shared/users';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { fieldError } from '@aircloud/core/errors';
import { sha256 } from '@aircloud/core/lib/crypto';
import { endApiTokenSockets, endUserSockets } from '@aircloud/core/realtime/emitter';
import { endUserCredentials } from '../auth/credentials.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { issueSession, type SessionTokens } from '../auth/session.ts';
import { pendingReceivedCount } from '@aircloud/core/invitations/repository';
import { setApiToken, updatePasswordHash, type UserRow } from '@aircloud/core/users/repository';
import { apiTokenHint, mePresenter } from './presenter.ts';

/** How many last characters of the API token are kept to recognise it. */
const API_TOKEN_HINT_LENGTH = 4;

/** The current user as GET /api/me answers it, with the count of invitations awaiting an answer. */
export async function currentMe(ctx: Pick<AppContext, 'db'>, user: UserRow): Promise<Me> {
  return mePresenter(user, await pendingReceivedCount(ctx.db, user.id));
}

/**
 * Changes the user's own password and ends every credential of the user (sessions, sockets,
 * API token, unused mailed links). A browser caller (`browserFamily`, its session) gets a fresh
 * session so it stays signed in; its sockets reconnect with the new cookie instead of being
 * told to sign out.
 */
export async function editPassword(
  ctx: AppContext,
  user: UserRow,
  input: EditPasswordInput,
  browserFamily: string | null,
): Promise<SessionTokens | null> {
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw fieldError('current_password_invalid', 'current_password');
  }
  if (input.new_password1 !== input.new_password2)
    throw fieldError('new_password_invalid', 'new_password2');
  if (input.new_password1 === input.current_password)
    throw fieldError('password_already_used', 'new_password1');
  const passwordHash = await hashPassword(input.new_password1);
  const session = await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await endUserCredentials(tx, user.id);
    return browserFamily ? issueSession(ctx, tx, user) : null;
  });
  endUserSockets(ctx.io, user.id, browserFamily);
  return session;
}

/**
 * Generates a personal API token (`aq_…`), replacing any previous one. Only its hash and its
 * last characters are kept: this answer is the only time the token is shown.
 */
export async function generateApiToken(ctx: AppContext, user: UserRow): Promise<ApiToken> {
  const token = `aq_${randomBytes(32).toString('base64url')}`;
  const hint = token.slice(-API_TOKEN_HINT_LENGTH);
  const validity = new Date(Date.now() + API_TOKEN_VALIDITY_DAYS * 24 * 3600 * 1000);
  await setApiToken(ctx.db, user.id, { hash: sha256(token), hint, validity });
  // The replaced token's live connections end with it.
  endApiTokenSockets(ctx.io, user.id);
  return {
    api_token: token,
    api_token_hint: apiTokenHint(hint),
    api_token_validity: validity.toISOString(),
  };
}
