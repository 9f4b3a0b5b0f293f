import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { Violation } from '@aircloud/shared/errors';
import { i18n } from '../i18n/i18n.ts';

type ApiError = FetchBaseQueryError | SerializedError | undefined | null | unknown;

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function bodyOf(error: unknown): Record<string, unknown> | null {
  if (!isFetchError(error)) return null;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/** HTTP status of a failed call, or null for network and client-side failures. */
export function httpStatusOf(error: unknown): number | null {
  if (!isFetchError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  if ('originalStatus' in error && typeof error.originalStatus === 'number')
    return error.originalStatus;
  return null;
}

/** Catalogue key the server answered (hydra:description, error or data), else the HTTP status. */
export function catalogueKeyOf(error: ApiError): string | null {
  if (!isFetchError(error)) return null;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return 'network-error';
  const body = bodyOf(error);
  for (const field of ['hydra:description', 'error', 'data']) {
    const value = body?.[field];
    if (typeof value === 'string' && value) return value;
  }
  const status = httpStatusOf(error);
  return status === null ? null : String(status);
}

/** The i18n key to show for a failed call: `errors.<catalogue key>` when it exists, else `errors.generic`. */
export function errorMessageKey(error: ApiError): string {
  const key = catalogueKeyOf(error);
  return key && i18n.exists(`errors.${key}`) ? `errors.${key}` : 'errors.generic';
}

/** Field violations of a 422 answer. */
export function violationsOf(error: ApiError): Violation[] {
  const violations = bodyOf(error)?.violations;
  return Array.isArray(violations) ? (violations as Violation[]) : [];
}
