import type { User } from '@aircloud/shared/users';
import type { Role } from '@aircloud/shared/roles';

/** A user as GET /api/users answers it; `n` varies the identity. */
export function makeUser(n: number, overrides: Partial<User> = {}): User {
  const ulid = `01JUSER${String(n).padStart(19, '0')}`;
  return {
    '@id': `/api/users/${ulid}`,
    '@type': 'User',
    ulid,
    firstname: `First${n}`,
    lastname: `Last${String(n).padStart(2, '0')}`,
    email: `user${n}@example.test`,
    lang: 'en',
    theme: 'system',
    avatar: null,
    role: 'ROLE_USER' as Role,
    company: `Company ${n}`,
    phone: '',
    enabled: true,
    created_at: '2025-03-04T10:00:00Z',
    updated_at: '2025-03-04T10:00:00Z',
    ...overrides,
  };
}

/** A hydra collection page of users. */
export function userPage(members: User[], total = members.length) {
  return {
    '@context': '/api/contexts/User',
    '@id': '/api/users',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}
