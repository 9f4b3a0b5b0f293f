import { REFRESH_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import { ulid } from '@aircloud/core/lib/ulid';
import type { AppContext } from '../../context.ts';
import { randomToken, sha256 } from '@aircloud/core/lib/crypto';
import type { UserRow } from '@aircloud/core/users/repository';
import { insertRefreshToken } from './repository.ts';

type Executor = Parameters<typeof insertRefreshToken>[0];

/** The pair of tokens the session cookies carry. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Issues an access token and a refresh token, in a new family unless one is given. The access
 * token names the family (`fid`): it is refused as soon as the family is revoked.
 */
export async function issueSession(
  ctx: Pick<AppContext, 'accessTokens'>,
  db: Executor,
  user: Pick<UserRow, 'id' | 'role'>,
  familyId: string = ulid(),
): Promise<SessionTokens> {
  const refreshToken = randomToken();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return { accessToken: await ctx.accessTokens.sign(user, familyId), refreshToken };
}
