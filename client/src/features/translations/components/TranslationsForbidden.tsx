import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';
import { PATHS } from '../../../lib/navigation/routeNames.ts';

/** What a non-administrator sees on the translations screen: the 403 message, no data. */
export function TranslationsForbidden() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="card empty-state" role="alert">
        <Icon name="lock" size={40} />
        <p className="empty-state__code">403</p>
        <h1 className="empty-state__title">{t('errors.forbidden')}</h1>
        <p className="muted">{t('translations.forbidden-text')}</p>
        <Link className="btn btn--secondary" to={PATHS.home}>
          {t('not-found.back-home')}
        </Link>
      </div>
    </div>
  );
}
