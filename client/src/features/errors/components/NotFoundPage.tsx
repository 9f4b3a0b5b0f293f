import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../lib/navigation/routeNames.ts';

/** The not-found page, for unknown paths and for screens that are not available yet. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="card empty-state">
        <p className="empty-state__code">404</p>
        <h1 className="empty-state__title">{t('not-found.title')}</h1>
        <p>{t('not-found.text')}</p>
        <Link to={PATHS.home} className="btn btn--primary">
          {t('not-found.back-home')}
        </Link>
      </div>
    </div>
  );
}
