import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { browser } from '../../../lib/browser.ts';
import { useReportedRouteError } from '../../../lib/errorReporting.ts';

/** The generic global error: shown when a page cannot be loaded or crashes. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  useReportedRouteError();
  return (
    <div className="status-page" role="alert">
      <Logo />
      <div className="card status-page__card">
        <span className="status-page__icon">
          <Icon name="alert" size={48} />
        </span>
        <h1 className="status-page__title">{t('errors.generic')}</h1>
        <p className="status-page__text">{t('error.reload-help')}</p>
        <Button onClick={() => browser.reload()}>{t('error.reload')}</Button>
      </div>
    </div>
  );
}
