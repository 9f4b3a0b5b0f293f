import type { Me } from '@aircloud/shared/users';
import type { Role } from '@aircloud/shared/roles';
import { decrypt } from '../../lib/crypto.ts';
import { iri } from '../../http/jsonld.ts';
import { mediaContentUrl } from '../media/presenter.ts';
import { userLanguage } from '../users/language.ts';
import type { UserRow } from '../users/repository.ts';

/** The GET /api/me body; the API token is decrypted for its owner. */
export function mePresenter(user: UserRow, apiTokenKey: Buffer, invitationsReceivedCount = 0): Me {
  return {
    '@id': iri('users', user.id),
    '@type': 'User',
    ulid: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    lang: userLanguage(user),
    avatar: user.avatar ? mediaContentUrl(user.avatar) : null,
    role: user.role as Role,
    company: user.company,
    phone: user.phone,
    invitations_received_count: invitationsReceivedCount,
    api_token: user.apiTokenEncrypted ? decrypt(apiTokenKey, user.apiTokenEncrypted) : null,
    api_token_validity: user.apiTokenValidity ? user.apiTokenValidity.toISOString() : null,
  };
}
