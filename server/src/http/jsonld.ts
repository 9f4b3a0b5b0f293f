import type { HydraError, Violation } from '@aircloud/shared/errors';

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
