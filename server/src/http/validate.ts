import type { Request } from 'express';
import type { z } from 'zod';
import { AppError } from '@aircloud/core/errors';

/** Media types a JSON route accepts. */
export const JSON_TYPES = [
  'application/json',
  'application/ld+json',
  'application/merge-patch+json',
];

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/**
 * Parses the JSON body of a request with a shared zod schema. A body of another media type is
 * refused with 415; a missing body is read as `{}` so each missing field gets its violation.
 * Throws the ZodError, which the error middleware turns into a 422.
 */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (hasBody(req) && !req.is(JSON_TYPES)) throw new AppError(415, 'unsupported_media_type');
  return schema.parse(req.body ?? {});
}
