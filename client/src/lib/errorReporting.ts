import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/**
 * Client error reporting, built in only when VITE_SENTRY_DSN is set at build time: otherwise
 * every call below is dead code and nothing reaches the bundles. With a DSN, the Sentry SDK is
 * its own chunk, loaded after start; errors raised before it arrives are kept and sent then.
 */
const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined;

let report: ((error: unknown) => void) | undefined;
const early: unknown[] = [];

/** Reports an error (window errors and rejections are caught by the SDK itself once loaded). */
export function reportClientError(error: unknown): void {
  if (!dsn) return;
  if (report) report(error);
  else early.push(error);
}

/** Loads the reporting SDK (window.onerror, unhandledrejection) and sends what came before. */
export function startClientErrorReporting(): void {
  if (!dsn) return;
  const keep = (event: ErrorEvent | PromiseRejectionEvent) =>
    early.push('reason' in event ? event.reason : (event.error ?? event.message));
  window.addEventListener('error', keep);
  window.addEventListener('unhandledrejection', keep);
  void import('./sentry.ts').then(({ startSentry }) => {
    window.removeEventListener('error', keep);
    window.removeEventListener('unhandledrejection', keep);
    report = startSentry(dsn);
    for (const error of early.splice(0)) report(error);
  });
}

/** Reports the error a route's error boundary shows (a crashed page, a chunk that failed). */
function useReportRouteError(): void {
  const error = useRouteError();
  useEffect(() => reportClientError(error), [error]);
}

/** The error boundary's reporting hook: a no-op (and nothing bundled) without a DSN. */
export const useReportedRouteError: () => void = dsn ? useReportRouteError : () => undefined;
