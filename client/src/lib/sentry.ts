import {
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/browser';
import { scrubErrorEvent } from '@aircloud/shared/error-scrub';

/**
 * The browser's Sentry client (its own chunk, see errorReporting.ts): errors only, no tracing,
 * no replay, no breadcrumbs; every event scrubbed of tokens, cookies and passwords before it
 * leaves. Answers the function that reports one error.
 */
export function startSentry(dsn: string): (error: unknown) => void {
  init({
    dsn,
    environment: import.meta.env.MODE,
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
    ],
    // No cookies, bodies or user details collected by the SDK itself (scrubbed besides).
    dataCollection: { userInfo: false, cookies: false, httpBodies: [] },
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubErrorEvent(breadcrumb),
  });
  return (error) => {
    captureException(error);
  };
}
