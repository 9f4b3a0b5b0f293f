import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@aircloud/shared/auth';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useForgotPasswordMutation } from '../api/authApi.ts';

type FormInput = z.input<typeof forgotPasswordSchema>;
type FormOutput = z.output<typeof forgotPasswordSchema>;

/** Forgot password: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [forgotPassword] = useForgotPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await forgotPassword(values);
    if ('error' in result) {
      if (!applyViolations(result.error, setError, ['email']))
        setServerError(errorMessageKey(result.error));
      return;
    }
    setSentTo(values.email);
  });

  const backToLogin = (
    <Link to={PATHS.login} className="link">
      {t('forgot-password.back-to-login')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('forgot-password.title')} footer={backToLogin}>
        <div className="result result--success" role="status">
          <span className="result__icon">
            <Icon name="mail" size={32} />
          </span>
          <p>{t('forgot-password.message-sent', { email: sentTo })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgot-password.title')}
      subtitle={t('forgot-password.subtitle')}
      footer={backToLogin}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormError messageKey={serverError} />
        <FormField
          id="fp-email"
          name="email"
          label={t('forgot-password.email')}
          error={errors.email?.message}
        >
          <input
            className="input"
            type="email"
            autoComplete="email"
            autoFocus
            {...fieldA11y('fp-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <Button type="submit" block loading={isSubmitting}>
          {t('forgot-password.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
