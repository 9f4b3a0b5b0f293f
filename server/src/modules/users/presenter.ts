import type { Role } from '@aircloud/shared/roles';
import type { User, UserIdentity } from '@aircloud/shared/users';
import { iri } from '@aircloud/core/jsonld';
import { mediaContentUrl } from '../media/presenter.ts';
import { userLanguage } from '@aircloud/core/users/language';
import type { UserRow } from '@aircloud/core/users/repository';

/** The identity part every user body shares (GET /api/me and /api/users). */
export function userIdentity(user: UserRow): UserIdentity {
  return {
    '@id': iri('users', user.id),
    '@type': 'User',
    ulid: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    lang: userLanguage(user),
    theme: user.theme,
    avatar: user.avatar ? mediaContentUrl(user.avatar) : null,
    role: user.role as Role,
    company: user.company,
    phone: user.phone,
  };
}

/** A user as GET/POST/PUT /api/users answer it (no secrets). */
export function userPresenter(user: UserRow): User {
  return {
    ...userIdentity(user),
    enabled: user.enabled,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
