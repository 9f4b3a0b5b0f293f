import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/api/errorMessage.ts';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
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
