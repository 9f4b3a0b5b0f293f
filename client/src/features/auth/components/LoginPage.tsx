import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import type { LoginInput, loginSchema } from '@aircloud/shared/auth';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { catalogueKeyOf, errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { meApi } from '../../../lib/api/meApi.ts';
import { safeRedirect } from '../../../lib/forms.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { authenticated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useLoginMutation } from '../api/authApi.ts';
import { ResendActivation } from './ResendActivation.tsx';

type LoginErrors = Partial<Record<keyof LoginInput, string>>;

// The login page is the first thing most visitors load: validation code (zod and the schema)
// follows it, fetched on the first keystroke. Two fields need no form library either.
let schemaLoading: Promise<typeof loginSchema> | null = null;
const loadLoginSchema = () =>
  (schemaLoading ??= import('@aircloud/shared/auth').then((m) => m.loginSchema));
const preloadLoginSchema = () => void loadLoginSchema();

/** The parsed input, or the first message of each field in error (the catalogue key). */
async function validateLogin(
  values: LoginInput,
): Promise<{ data: LoginInput; errors: null } | { data: null; errors: LoginErrors }> {
  const result = (await loadLoginSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { data: null, errors };
}

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
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // After a refused submit, each field is checked again as it changes.
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const values = (): LoginInput => ({
    email: emailRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  const recheck = (field: keyof LoginInput) => async () => {
    if (!submitted) return;
    const { errors: found } = await validateLogin(values());
    setErrors((current) => ({ ...current, [field]: found?.[field] }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setSubmitted(true);
    try {
      const checked = await validateLogin(values());
      setErrors(checked.errors ?? {});
      if (checked.errors) {
        (checked.errors.email !== undefined ? emailRef : passwordRef).current?.focus();
        return;
      }
      await signIn(checked.data);
    } finally {
      setSubmitting(false);
    }
  };

  const signIn = async (values: LoginInput) => {
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
  };

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
      <form className="form" onSubmit={onSubmit} onInput={preloadLoginSchema} noValidate>
        <FormError messageKey={serverError} />
        {notEnabled ? <ResendActivation email={notEnabled} /> : null}
        <FormField id="login-email" name="email" label={t('login.email')} error={errors.email}>
          <input
            className="input"
            type="email"
            autoComplete="username"
            autoFocus
            {...fieldA11y('login-email', errors.email)}
            name="email"
            ref={emailRef}
            onChange={recheck('email')}
          />
        </FormField>
        <FormField
          id="login-password"
          name="password"
          label={t('login.password')}
          error={errors.password}
        >
          <PasswordInput
            autoComplete="current-password"
            {...fieldA11y('login-password', errors.password)}
            name="password"
            ref={passwordRef}
            onChange={recheck('password')}
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
