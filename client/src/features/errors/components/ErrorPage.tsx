import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authReset } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';

const MESSAGES: Record<string, string> = {
  'network-error': 'errors.network-error',
  '404': 'errors.404',
  '500': 'errors.500',
};

/** The Error page (/error/:code): network-error, 404, 500, anything else is a generic error. */
export function ErrorPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const goHome = () => {
    // This route marked the session as logged out; the guard asks the server again.
    dispatch(authReset());
    navigate(PATHS.home);
  };

  return (
    <div className="status-page">
      <Logo />
      <div className="card status-page__card">
        <span className="status-page__icon">
          <Icon name="alert" size={48} />
        </span>
        {code && code !== 'network-error' ? <p className="status-page__code">{code}</p> : null}
        <h1 className="status-page__title">{t(MESSAGES[code] ?? 'errors.generic')}</h1>
        <p className="status-page__text">{t('error.help')}</p>
        <Button onClick={goHome}>{t('error.back-home')}</Button>
      </div>
    </div>
  );
}
