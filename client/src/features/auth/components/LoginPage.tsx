import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import type { LoginInput } from '@aircloud/shared/auth';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { catalogueKeyOf, errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { meApi } from '../../../lib/api/meApi.ts';
import { safeRedirect } from '../../../lib/forms.ts';
import { lazyZodResolver } from '../../../lib/lazyResolver.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useLoginMutation } from '../api/authApi.ts';
import { ResendActivation } from './ResendActivation.tsx';

// The login page is the first thing most visitors load: validation code follows it.
const loginResolver = lazyZodResolver<LoginInput, LoginInput>(() =>
  import('@aircloud/shared/auth').then((m) => m.loginSchema),
);

/** Login screen: e-mail and password, catalogue errors, then back to the page first asked for. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [login] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  // The e-mail of an account not activated yet: the page offers a new activation link.
  const [notEnabled, setNotEnabled] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setNotEnabled(null);
    const result = await login(values);
    if ('error' in result) {
      setServerError(errorMessageKey(result.error));
      if (catalogueKeyOf(result.error) === 'account_not_enabled') setNotEnabled(values.email);
      return;
    }
    const me = await dispatch(
      meApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (!me.data?.ulid) {
      setServerError(errorMessageKey(me.error));
      return;
    }
    dispatch(authenticated(me.data));
    navigate(safeRedirect(searchParams.get('redirect')) ?? PATHS.home, { replace: true });
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.no-account')}{' '}
          <Link to={PATHS.accountCreation}>{t('login.create-account')}</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} onInput={loginResolver.preload} noValidate>
        <FormError messageKey={serverError} />
        {notEnabled ? <ResendActivation email={notEnabled} /> : null}
        <FormField
          id="login-email"
          name="email"
          label={t('login.email')}
          error={errors.email?.message}
        >
          <input
            className="input"
            type="email"
            autoComplete="username"
            autoFocus
            {...fieldA11y('login-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField
          id="login-password"
          name="password"
          label={t('login.password')}
          error={errors.password?.message}
        >
          <PasswordInput
            autoComplete="current-password"
            {...fieldA11y('login-password', errors.password?.message)}
            {...register('password')}
          />
        </FormField>
        <div className="form__row form__row--end">
          <Link to={PATHS.forgotPassword} className="link">
            {t('login.forgot-password')}
          </Link>
        </div>
        <Button type="submit" block loading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
