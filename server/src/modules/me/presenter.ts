import type { Me } from '@aircloud/shared/users';
import { userIdentity } from '../users/presenter.ts';
import type { UserRow } from '@aircloud/core/users/repository';

/** How the API token shows once its answer is gone: its prefix and last characters. */
export function apiTokenHint(lastCharacters: string): string {
  return `aq_…${lastCharacters}`;
}

/**
 * The GET /api/me body. The API token itself is never in it (it is shown once, by
 * generate-api-token): only its hint and validity.
 */
export function mePresenter(user: UserRow, invitationsReceivedCount = 0): Me {
  return {
    ...userIdentity(user),
    invitations_received_count: invitationsReceivedCount,
    api_token: null,
    api_token_hint: user.apiTokenHint ? apiTokenHint(user.apiTokenHint) : null,
    api_token_validity: user.apiTokenValidity ? user.apiTokenValidity.toISOString() : null,
  };
}
