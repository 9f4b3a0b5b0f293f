import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/api/errorMessage.ts';
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

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
