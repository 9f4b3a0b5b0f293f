import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, httpStatusOf } from '../lib/api/errorMessage.ts';
import { PATHS } from '../lib/navigation/routeNames.ts';
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

/**
 * The Error route a failed load opens instead of an inline error (spec section 8, decisions):
 * 404 'The resource is not found', every 5xx 'The server is unavailable'. Anything else (403,
 * 422…) stays with the screen. Loads only: a failed mutation keeps its toast or field error.
 */
export function errorRouteOf(error: unknown): string | null {
  const status = httpStatusOf(error);
  if (status === 404) return PATHS.error(404);
  if (status !== null && status >= 500) return PATHS.error(500);
  return null;
}

/**
 * A load that failed: the Error route for 404 and 5xx (replacing the screen in the history, so
 * Back does not bounce into the same failure), else nothing. Lists that keep showing their last
 * page while a refetch fails render it too, so a list gone 404 does not show stale rows.
 */
export function LoadErrorRoute({ error }: { error: unknown }) {
  const to = errorRouteOf(error);
  return to ? <Navigate to={to} replace /> : null;
}

/**
 * A list that could not load: what failed, the server's reason, and a retry button. `compact`
 * fits inside a card or a tab (no card, no badge, no heading of its own).
 */
export function ListError({
  title,
  error,
  retryLabel,
  onRetry,
  compact = false,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (errorRouteOf(error)) return <LoadErrorRoute error={error} />;
  return (
    <div className={compact ? 'list-state list-state--compact' : 'card list-state'} role="alert">
      {compact ? (
        <p>{title}</p>
      ) : (
        <>
          <span className="list-state__badge list-state__icon">
            <Icon name="alert" size={28} />
          </span>
          <h2>{title}</h2>
        </>
      )}
      <p className="muted">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {retryLabel}
      </Button>
    </div>
  );
}

/** A list whose first page is still on its way (`compact` inside a card or a tab). */
export function ListLoading({ compact = false }: { compact?: boolean }) {
  return (
    <div
      className={compact ? 'list-state list-state--compact' : 'card list-state'}
      aria-busy="true"
    >
      <Spinner size={compact ? 32 : 48} />
    </div>
  );
}

/** A list with nothing to show: a badge with the list's icon, then a heading, a text, actions. */
export function ListEmpty({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <div className="card list-state">
      <span className="list-state__badge">
        <Icon name={icon} size={28} />
      </span>
      {children}
    </div>
  );
}

/**
 * The states of a paged list query in turn: loading, failed (before any data; a retry), empty
 * (`empty`), else the list itself (`children`).
 */
export function ListStates({
  compact = false,
  query,
  total,
  errorTitle,
  retryLabel,
  empty,
  children,
}: {
  /** Inside a tab or a card: the small loading and error blocks. */
  compact?: boolean;
  query: { isLoading: boolean; error?: unknown; data?: unknown; refetch: () => unknown };
  total: number;
  errorTitle: string;
  retryLabel: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) return <ListLoading compact={compact} />;
  if (errorRouteOf(query.error)) return <LoadErrorRoute error={query.error} />;
  if (query.error && !query.data) {
    return (
      <ListError
        compact={compact}
        title={errorTitle}
        error={query.error}
        retryLabel={retryLabel}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{total === 0 ? empty : children}</>;
}
