import type { Me } from '@aircloud/shared/users';
import type { Role } from '@aircloud/shared/roles';

/** A current user as GET /api/me answers it. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    '@id': '/api/users/01JTESTUSER0000000000000000',
    '@type': 'User',
    ulid: '01JTESTUSER0000000000000000',
    firstname: 'Jeanne',
    lastname: 'Martin',
    email: 'jeanne.martin@example.test',
    lang: 'en',
    theme: 'system',
    avatar: null,
    role: 'ROLE_USER' as Role,
    company: 'Acme',
    phone: '',
    invitations_received_count: 0,
    api_token: null,
    api_token_hint: null,
    api_token_validity: null,
    ...overrides,
  };
}

/** A hydra error body with a catalogue key. */
export function hydraError(status: number, key: string) {
  return { '@type': 'hydra:Error', 'hydra:title': key, 'hydra:description': key, status };
}
