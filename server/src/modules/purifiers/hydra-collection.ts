import type { HydraCollection } from '@aircloud/shared/purifiers';
import { PAGE_SIZE } from '@aircloud/shared/constants';

/** `page` of a list query, never below 1. */
export function pageOffset(page: number, size = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * size;
}

/**
 * A hydra collection page: `path` is the collection IRI (`/api/purifiers`), `query` the filters
 * to repeat in the view links (without `page`).
 */
export function hydraCollection<T>(
  path: string,
  type: string,
  members: T[],
  totalItems: number,
  page: number,
  query: Record<string, string | number | undefined> = {},
  size = PAGE_SIZE,
): HydraCollection<T> {
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== '') params.set(k, String(v));
    params.set('page', String(p));
    return `${path}?${params.toString()}`;
  };
  const last = Math.max(1, Math.ceil(totalItems / size));
  return {
    '@context': `/api/contexts/${type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
    'hydra:view': {
      '@id': link(page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(last),
      ...(page < last ? { 'hydra:next': link(page + 1) } : {}),
      ...(page > 1 ? { 'hydra:previous': link(Math.min(page - 1, last)) } : {}),
    },
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
