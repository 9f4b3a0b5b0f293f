import type { Me } from '@aircloud/shared/users';
import { decrypt } from '../../lib/crypto.ts';
import { userIdentity } from '../users/presenter.ts';
import type { UserRow } from '../users/repository.ts';

/** The GET /api/me body; the API token is decrypted for its owner. */
export function mePresenter(user: UserRow, apiTokenKey: Buffer, invitationsReceivedCount = 0): Me {
  return {
    ...userIdentity(user),
    invitations_received_count: invitationsReceivedCount,
    api_token: user.apiTokenEncrypted ? decrypt(apiTokenKey, user.apiTokenEncrypted) : null,
    api_token_validity: user.apiTokenValidity ? user.apiTokenValidity.toISOString() : null,
  };
}
