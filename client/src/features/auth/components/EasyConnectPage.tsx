import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { catalogueKeyOf } from '../../../lib/api/errorMessage.ts';
import { meApi } from '../../../lib/api/meApi.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useActivateMutation } from '../api/authApi.ts';
import { ResendActivation } from './ResendActivation.tsx';

/**
 * Account activation from the e-mailed link: signs the user in and opens the purifiers. A link
 * already used for an account now active says so and leads to Login; an expired, used or unknown
 * link offers to mail a new one (the answer never says whether the address has an account).
 */
export function EasyConnectPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [activate] = useActivateMutation();
  const [failed, setFailed] = useState(!token);
  const [alreadyActive, setAlreadyActive] = useState(false);
  const [email, setEmail] = useState('');
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: never send it twice (StrictMode runs effects twice).
    if (!token || started.current) return;
    started.current = true;
    void activate({ token }).then((result) => {
      if ('error' in result || !result.data?.ulid) {
        if ('error' in result && catalogueKeyOf(result.error) === 'account_already_active')
          setAlreadyActive(true);
        setFailed(true);
        return;
      }
      dispatch(authenticated(result.data));
      void dispatch(meApi.util.upsertQueryData('getMe', undefined, result.data));
      navigate(PATHS.home, { replace: true });
    });
  }, [activate, dispatch, navigate, token]);

  if (failed && alreadyActive) {
    return (
      <AuthCard title={t('easy-connect.title')}>
        <div className="result" role="status">
          <span className="result__icon">
            <Icon name="check" size={32} />
          </span>
          <p>{t('errors.account_already_active')}</p>
        </div>
        <Link to={PATHS.login} className="btn btn--primary btn--block">
          {t('easy-connect.go-to-login')}
        </Link>
      </AuthCard>
    );
  }

  if (failed) {
    const validEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
    return (
      <AuthCard title={t('easy-connect.title')}>
        <div className="result result--error" role="alert">
          <span className="result__icon">
            <Icon name="alert" size={32} />
          </span>
          <p>{t('errors.error_token_renew')}</p>
        </div>
        <form className="form" onSubmit={(event) => event.preventDefault()} noValidate>
          <p className="muted">{t('easy-connect.resend-intro')}</p>
          <div className="field">
            <label className="field__label" htmlFor="easy-connect-email">
              {t('easy-connect.email')}
            </label>
            <input
              id="easy-connect-email"
              className="input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          {validEmail ? <ResendActivation email={email.trim()} /> : null}
        </form>
        <Link to={PATHS.login} className="btn btn--secondary btn--block">
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
