import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { HydraError, Violation } from '@aircloud/shared/errors';
import type { HydraCollection } from '@aircloud/shared/jsonld';

/** The IRI of one item, e.g. `/api/users/01J…`. */
export function iri(collection: string, id: string): string {
  return `/api/${collection}/${encodeURIComponent(id)}`;
}

/** The hydra error body of every failed API call. */
export function hydraError(status: number, key: string, title: string): HydraError {
  return {
    '@context': '/api/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': title,
    'hydra:description': key,
    status,
  };
}

/** The body of a 422 validation failure. */
export function constraintViolationList(
  key: string,
  title: string,
  violations: Violation[],
): HydraError {
  return {
    '@context': '/api/contexts/ConstraintViolationList',
    '@type': 'ConstraintViolationList',
    'hydra:title': title,
    'hydra:description': key,
    status: 422,
    violations,
  };
}

/**
 * A hydra collection: `path` is the collection IRI (`/api/purifiers`), `type` the item type.
 * With a `view` (a page and the filters to repeat in its links) it carries first / last /
 * next / previous links; without (pagination=false) it is the whole list.
 */
export function hydraCollection<T>(
  path: string,
  type: string,
  members: T[],
  totalItems: number,
  view: { page: number; params?: Record<string, string | number | undefined> } | null,
  pageSize = PAGE_SIZE,
): HydraCollection<T> {
  const collection: HydraCollection<T> = {
    '@context': `/api/contexts/${type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
  };
  if (!view) return collection;
  const link = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(view.params ?? {}))
      if (value !== undefined && value !== '') query.set(key, String(value));
    query.set('page', String(page));
    return `${path}?${query.toString()}`;
  };
  const last = Math.max(1, Math.ceil(totalItems / pageSize));
  collection['hydra:view'] = {
    '@id': link(view.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': link(1),
    'hydra:last': link(last),
    ...(view.page > 1 ? { 'hydra:previous': link(Math.min(view.page - 1, last)) } : {}),
    ...(view.page < last ? { 'hydra:next': link(view.page + 1) } : {}),
  };
  return collection;
}
