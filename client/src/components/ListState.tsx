import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/api/errorMessage.ts';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

/** A list that could not load: what failed, the server's reason, and a retry button. */
export function ListError({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card list-state" role="alert">
      <span className="list-state__badge list-state__icon">
        <Icon name="alert" size={28} />
      </span>
      <h2>{title}</h2>
      <p className="muted">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {retryLabel}
      </Button>
    </div>
  );
}

/** A list whose first page is still on its way. */
export function ListLoading() {
  return (
    <div className="card list-state" aria-busy="true">
      <Spinner size={48} />
    </div>
  );
}
