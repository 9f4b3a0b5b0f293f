import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { z } from 'zod';
import { registrationSchema } from '@aircloud/shared/auth';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useRegisterMutation } from '../api/authApi.ts';

const accountCreationSchema = registrationSchema
  .omit({ lang: true })
  .extend({ confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    error: 'validation.password.mismatch',
    path: ['confirm_password'],
  });
type FormInput = z.input<typeof accountCreationSchema>;
type FormOutput = z.output<typeof accountCreationSchema>;

const FIELDS = ['firstname', 'lastname', 'email', 'company', 'password'] as const;

/** Self-registration: the account stays disabled until the e-mailed activation link is used. */
export function AccountCreationPage() {
  const { t } = useTranslation();
  const [registerAccount] = useRegisterMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  // An invitation mail links here with the invited address.
  const [searchParams] = useSearchParams();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(accountCreationSchema),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: searchParams.get('email') ?? '',
      company: '',
      password: '',
      confirm_password: '',
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async ({ confirm_password: _confirm, ...values }) => {
    setServerError(null);
    const result = await registerAccount({ ...values, lang: currentLanguage() });
    if ('error' in result) {
      if (!applyViolations(result.error, setError, FIELDS))
        setServerError(errorMessageKey(result.error));
      return;
    }
    setCreatedFor(values.email);
  });

  if (createdFor) {
    return (
      <AuthCard title={t('account-creation.success.title')}>
        <div className="result result--success">
          <span className="result__icon">
            <Icon name="mail" size={32} />
          </span>
          <p>
            <Trans
              i18nKey="account-creation.success.message"
              values={{ email: createdFor }}
              components={{ strong: <strong /> }}
            />
          </p>
        </div>
        <Link to={PATHS.login} className="btn btn--secondary btn--block">
          {t('account-creation.back-to-login')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account-creation.title')}
      subtitle={t('account-creation.subtitle')}
      footer={
        <Trans
          i18nKey="account-creation.have-account"
          components={{ login: <Link to={PATHS.login} /> }}
        />
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormError messageKey={serverError} />
        <div className="form__grid">
          <FormField
            id="ac-firstname"
            name="firstname"
            label={t('account-creation.firstname')}
            error={errors.firstname?.message}
            params={{ max: 100 }}
          >
            <input
              className="input"
              autoComplete="given-name"
              {...fieldA11y('ac-firstname', errors.firstname?.message)}
              {...register('firstname')}
            />
          </FormField>
          <FormField
            id="ac-lastname"
            name="lastname"
            label={t('account-creation.lastname')}
            error={errors.lastname?.message}
            params={{ max: 100 }}
          >
            <input
              className="input"
              autoComplete="family-name"
              {...fieldA11y('ac-lastname', errors.lastname?.message)}
              {...register('lastname')}
            />
          </FormField>
        </div>
        <FormField
          id="ac-email"
          name="email"
          label={t('account-creation.email')}
          error={errors.email?.message}
          params={{ max: 180 }}
        >
          <input
            className="input"
            type="email"
            autoComplete="email"
            {...fieldA11y('ac-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField
          id="ac-company"
          name="company"
          label={t('account-creation.company')}
          error={errors.company?.message}
          params={{ max: 150 }}
        >
          <input
            className="input"
            autoComplete="organization"
            {...fieldA11y('ac-company', errors.company?.message)}
            {...register('company')}
          />
        </FormField>
        <NewPasswordFields
          value={password}
          password={{
            id: 'ac-password',
            label: t('account-creation.password'),
            error: errors.password?.message,
            registration: register('password'),
          }}
          confirm={{
            id: 'ac-confirm',
            label: t('account-creation.confirm-password'),
            error: errors.confirm_password?.message,
            registration: register('confirm_password'),
          }}
        />
        <Button type="submit" block loading={isSubmitting}>
          {t('account-creation.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
