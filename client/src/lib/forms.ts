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

/**
 * Props of a number field. A text input with a decimal keyboard rather than `type="number"`:
 * the browser reports the value of a number input that holds "1e" or "abc" as "", which the
 * form took for an empty field ('Value is required') instead of 'Value must be numeric'.
 */
export const NUMBER_INPUT = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

const NUMBER_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * `setValueAs` of a number field: `empty` for an empty field, the number typed (a decimal comma
 * accepted), NaN for anything else so the schema says 'Value must be numeric'.
 */
export function numberValue<E extends null | undefined>(empty: E) {
  return (value: unknown): number | E => {
    if (value === null || value === undefined) return empty;
    if (typeof value === 'number') return value;
    const text = String(value).trim().replace(',', '.');
    if (text === '') return empty;
    return NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
  };
}
