import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../lib/navigation/routeNames.ts';
import { Icon } from './Icon.tsx';

/** What someone without the right role sees on a screen: the 403 message and no data. */
export function ForbiddenState({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="card empty-state" role="alert">
        <Icon name="lock" size={40} />
        <p className="empty-state__code">403</p>
        <h1 className="empty-state__title">{t('errors.forbidden')}</h1>
        <p className="muted">{text}</p>
        <Link className="btn btn--secondary" to={PATHS.home}>
          {t('not-found.back-home')}
        </Link>
      </div>
    </div>
  );
}
