import type { Role } from '@aircloud/shared/roles';
import type { User } from '@aircloud/shared/users';
import { iri } from '../../http/jsonld.ts';
import { mediaContentUrl } from '../media/presenter.ts';
import { userLanguage } from './language.ts';
import type { UserRow } from './repository.ts';

/** A user as GET/POST/PUT /api/users answer it (no secrets). */
export function userPresenter(user: UserRow): User {
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
    enabled: user.enabled,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** A hydra collection: `path` is the collection IRI, `params` the query kept in the view links. */
export function hydraCollection<T>(
  path: string,
  members: T[],
  total: number,
  view: { page: number; pageSize: number; params: Record<string, string | undefined> } | null,
) {
  const body: Record<string, unknown> = {
    '@context': '/api/contexts/hydra',
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
  if (view) {
    const link = (page: number) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(view.params))
        if (value !== undefined && value !== '') query.set(key, value);
      query.set('page', String(page));
      return `${path}?${query.toString()}`;
    };
    const last = Math.max(1, Math.ceil(total / view.pageSize));
    body['hydra:view'] = {
      '@id': link(view.page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(last),
      ...(view.page > 1 ? { 'hydra:previous': link(Math.min(view.page - 1, last)) } : {}),
      ...(view.page < last ? { 'hydra:next': link(view.page + 1) } : {}),
    };
  }
  return body;
}
