import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { violationsOf } from './api/errorMessage.ts';

/**
 * Puts the 422 violations of a failed call under their fields; returns true when at least one
 * matched a field of the form, so the caller can skip a general message.
 */
export function applyViolations<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const violation of violationsOf(error)) {
    const field = fields.find((name) => name === violation.propertyPath);
    if (!field) continue;
    setError(field, { type: 'server', message: violation.code });
    applied = true;
  }
  return applied;
}

/** A same-origin path to go back to after login, or null when the value is not one. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login'))
    return null;
  return value;
}
