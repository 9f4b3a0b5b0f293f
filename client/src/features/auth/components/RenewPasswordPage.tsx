import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordField } from '@aircloud/shared/auth';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { PageLoader } from '../../../components/Spinner.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { i18n as appI18n, isLanguage, showLanguage } from '../../../lib/i18n/i18n.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useGetValidationCodeQuery, useResetPasswordMutation } from '../api/authApi.ts';

const renewSchema = z
  .object({
    new_password1: newPasswordField(),
    new_password2: z.string(),
  })
  .refine((values) => values.new_password1 === values.new_password2, {
    error: 'new_password_invalid',
    path: ['new_password2'],
  });
type RenewInput = z.infer<typeof renewSchema>;

/** Password renewal from the e-mailed link (query: token, lang). */
export function RenewPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const lang = searchParams.get('lang');
  const code = useGetValidationCodeQuery(token, { skip: !token });
  const [resetPassword] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RenewInput>({
    resolver: zodResolver(renewSchema),
    defaultValues: { new_password1: '', new_password2: '' },
  });
  const password = useWatch({ control, name: 'new_password1' }) ?? '';

  useEffect(() => {
    if (isLanguage(lang) && appI18n.resolvedLanguage !== lang) void showLanguage(lang);
  }, [lang]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await resetPassword({ token, ...values });
    if ('error' in result) {
      if (!applyViolations(result.error, setError, ['new_password1', 'new_password2'])) {
        setServerError(errorMessageKey(result.error));
      }
      return;
    }
    setDone(true);
  });

  const askAgain = (
    <Link to={PATHS.forgotPassword} className="btn btn--secondary btn--block">
      {t('renew-password.ask-again')}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={t('renew-password.title')}>
        <div className="result result--success" role="status">
          <span className="result__icon">
            <Icon name="check" size={32} />
          </span>
          <p>{t('renew-password.success')}</p>
        </div>
        <Link to={PATHS.login} className="btn btn--primary btn--block">
          {t('renew-password.go-to-login')}
        </Link>
      </AuthCard>
    );
  }

  if (token && code.isLoading) return <PageLoader />;

  if (!token || code.isError || !code.data) {
    return (
      <AuthCard title={t('renew-password.title')}>
        <div className="result result--error" role="alert">
          <span className="result__icon">
            <Icon name="alert" size={32} />
          </span>
          <p>{t('errors.error_token_renew')}</p>
        </div>
        {askAgain}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('renew-password.title')} subtitle={t('renew-password.subtitle')}>
      <p className="account-chip">
        <Icon name="user" size={16} />
        <span>{code.data.email}</span>
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {serverError ? (
          <div className="form-error" role="alert">
            <p>{t(serverError)}</p>
            {serverError === 'errors.error_token_renew' ? (
              <Link to={PATHS.forgotPassword} className="link">
                {t('renew-password.ask-again')}
              </Link>
            ) : null}
          </div>
        ) : null}
        <NewPasswordFields
          value={password}
          autoFocus
          password={{
            id: 'rp-password1',
            label: t('renew-password.new-password'),
            error: errors.new_password1?.message,
            registration: register('new_password1'),
          }}
          confirm={{
            id: 'rp-password2',
            label: t('renew-password.confirm-password'),
            error: errors.new_password2?.message,
            registration: register('new_password2'),
          }}
        />
        <Button type="submit" block loading={isSubmitting}>
          {t('renew-password.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
