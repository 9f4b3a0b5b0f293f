import { clearApiToken } from '@aircloud/core/users/repository';
import {
  CODE_PURPOSES,
  invalidateUnusedCodes,
  revokeUserTokens,
  type CodePurpose,
} from './repository.ts';

type Executor = Parameters<typeof revokeUserTokens>[0];

/**
 * Ends what lets a user in without their password, in the caller's transaction: the personal
 * API token, every refresh family (so every access token too) and the unused mailed links of
 * `links` (all by default). Password change and reset, disable and delete call it; the open
 * sockets are ended after the commit (`endUserSockets`).
 */
export async function endUserCredentials(
  db: Executor,
  userId: string,
  links: readonly CodePurpose[] = CODE_PURPOSES,
): Promise<void> {
  await clearApiToken(db, userId);
  await revokeUserTokens(db, userId);
  await invalidateUnusedCodes(db, userId, links);
}
