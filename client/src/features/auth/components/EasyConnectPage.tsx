import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { meApi } from '../../../lib/api/meApi.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useActivateMutation } from '../api/authApi.ts';

/** Account activation from the e-mailed link: signs the user in and opens the purifiers. */
export function EasyConnectPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [activate] = useActivateMutation();
  const [failed, setFailed] = useState(!token);
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: never send it twice (StrictMode runs effects twice).
    if (!token || started.current) return;
    started.current = true;
    void activate({ token }).then((result) => {
      if ('error' in result || !result.data?.ulid) {
        setFailed(true);
        return;
      }
      dispatch(authenticated(result.data));
      void dispatch(meApi.util.upsertQueryData('getMe', undefined, result.data));
      navigate(PATHS.home, { replace: true });
    });
  }, [activate, dispatch, navigate, token]);

  if (failed) {
    return (
      <AuthCard title={t('easy-connect.title')}>
        <div className="result result--error" role="alert">
          <span className="result__icon">
            <Icon name="alert" size={32} />
          </span>
          <p>{t('errors.error_token_renew')}</p>
        </div>
        <Link to={PATHS.login} className="btn btn--primary btn--block">
          {t('easy-connect.go-to-login')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('easy-connect.title')}>
      <div className="result" role="status">
        <Spinner size={48} />
        <p>{t('easy-connect.in-progress')}</p>
      </div>
    </AuthCard>
  );
}
