import type { ErrorKey, Violation } from '@aircloud/shared/errors';

/** An expected failure: an HTTP status and the catalogue key answered in `hydra:description`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    /** Field-level violations; when set the body is a 422-style ConstraintViolationList. */
    readonly violations?: Violation[],
    /** Values of the catalogue text's placeholders (`{{months}}`). */
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** A 422 naming one field, for rules only the service can check (current password, mismatch). */
export function fieldError(
  key: ErrorKey,
  propertyPath: string,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(422, key, [{ propertyPath, code: key, message: '' }], params);
}
