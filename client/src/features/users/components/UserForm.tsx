import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { LANGUAGES } from '@aircloud/shared/constants';
import type { Role } from '@aircloud/shared/roles';
import { USER_LIMITS, type User } from '@aircloud/shared/users';
import {
  AvatarInput,
  NO_AVATAR_CHANGE,
  type AvatarChoice,
} from '../../../components/AvatarInput.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { catalogueKeyOf } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { userUpdated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useCreateUserMutation, useUpdateUserMutation } from '../api/usersApi.ts';
import { useAvatarUpload } from './useAvatarUpload.ts';
import {
  EMPTY_USER_FORM,
  USER_FORM_FIELDS,
  userFormSchema,
  userFormValues,
  type UserFormValues,
} from './userFormSchema.ts';
import { RoleField } from './RoleField.tsx';

/** Server answers that belong to one field of the form. */
const FIELD_ERRORS: Record<string, keyof UserFormValues> = {
  email_address_already_exists: 'email',
  password_must_be: 'new_password1',
  new_password_invalid: 'new_password2',
};

/** Form-wide messages for the server's rules; anything else is the user edit fallback. */
function formErrorKey(key: string | null): string {
  if (key === 'last_admin' || key === 'forbidden' || key === 'too_many_requests')
    return `errors.${key}`;
  return 'error.user.edit-fallback';
}

/**
 * The full user form of UserEdit (a `user`) and UserAdd (no `user`): names, e-mail, language,
 * phone, company, role, avatar, enabled state, and in add mode the initial password or an
 * activation e-mail. Unsaved edits lock navigation.
 */
export function UserForm({ user }: { user?: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const me = useAppSelector((state) => state.session.user);
  const add = !user;
  const editingSelf = Boolean(user && user.ulid === me?.ulid);
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const { resolve: resolveAvatar } = useAvatarUpload();
  const [avatar, setAvatar] = useState<AvatarChoice>(NO_AVATAR_CHANGE);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const schema = useMemo(() => userFormSchema({ add, editingSelf }), [add, editingSelf]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<UserFormValues>({
    // Role and e-mail are free strings when editing oneself, hence the cast.
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: user ? userFormValues(user) : EMPTY_USER_FORM,
  });
  const [sendActivation, password] = useWatch({
    control,
    name: ['send_activation', 'new_password1'],
  });
  const avatarChanged = Boolean(avatar.file) || avatar.removed;
  // The avatar is required (spec section 5): a new image, or the current one kept.
  const avatarMissing = !avatar.file && (avatar.removed || !user?.avatar);
  const checkAvatar = () => {
    if (avatarMissing) setAvatarError('validation.required');
    return !avatarMissing;
  };

  useFormLock((isDirty || avatarChanged) && leaveTo === null);
  // Navigate once the lock above is released (its effect runs first).
  useEffect(() => {
    if (leaveTo !== null) navigate(leaveTo);
  }, [leaveTo, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setAvatarError(null);
    if (!checkAvatar()) return;
    const outcome = await resolveAvatar(avatar);
    if ('refusal' in outcome) {
      setAvatarError(outcome.refusal);
      return;
    }
    const common = {
      firstname: values.firstname,
      lastname: values.lastname,
      lang: values.lang,
      phone: values.phone,
      company: values.company,
      ...(outcome.avatar !== undefined ? { avatar: outcome.avatar } : {}),
    };
    const result = user
      ? await updateUser({
          ulid: user.ulid,
          body: editingSelf
            ? common
            : {
                ...common,
                email: values.email,
                role: values.role as Role,
                enabled: values.enabled,
              },
        })
      : await createUser({
          ...common,
          avatar: outcome.avatar ?? undefined,
          email: values.email,
          role: values.role as Role,
          ...(values.send_activation
            ? {}
            : { new_password1: values.new_password1, new_password2: values.new_password2 }),
        });
    if (result.error || !result.data) {
      if (applyViolations(result.error, setError, USER_FORM_FIELDS)) return;
      const key = catalogueKeyOf(result.error);
      const field = key ? FIELD_ERRORS[key] : undefined;
      if (field) setError(field, { type: 'server', message: key ?? '' });
      else setFormError(formErrorKey(key));
      return;
    }
    const saved = result.data;
    if (add) {
      dispatch(notifyInfo('users.form.created'));
      setLeaveTo(`/users?search=${encodeURIComponent(saved.email)}`);
      return;
    }
    if (editingSelf) dispatch(userUpdated(saved));
    dispatch(notifyInfo('users.form.saved'));
    reset(userFormValues(saved));
    setAvatar(NO_AVATAR_CHANGE);
  }, checkAvatar);

  const cancel = () => {
    reset();
    setAvatar(NO_AVATAR_CHANGE);
    setLeaveTo('/users');
  };

  const text = (id: string, field: keyof UserFormValues, options: object = {}) => (
    <FormField
      id={id}
      name={field}
      label={t(`users.form.${field}`)}
      error={errors[field]?.message}
      params={{ max: USER_LIMITS[field as keyof typeof USER_LIMITS] ?? 100 }}
    >
      <input
        className="input"
        {...options}
        {...fieldA11y(id, errors[field]?.message)}
        {...register(field)}
      />
    </FormField>
  );

  return (
    <form className="form user-form" onSubmit={onSubmit} noValidate>
      <FormError messageKey={formError} />
      <div className="user-form__layout">
        <section className="card user-form__avatar">
          <FormField
            id="uf-avatar"
            name="avatar"
            label={t('avatar.label')}
            error={avatarError ?? undefined}
          >
            <AvatarInput
              id="uf-avatar"
              currentUrl={user?.avatar ?? null}
              initials={
                `${user?.firstname.charAt(0) ?? ''}${user?.lastname.charAt(0) ?? ''}`.toUpperCase() ||
                '?'
              }
              choice={avatar}
              onChange={(choice) => {
                setAvatarError(null);
                setAvatar(choice);
              }}
              onRefused={setAvatarError}
              describedBy={avatarError ? 'uf-avatar-error' : undefined}
            />
          </FormField>
        </section>
        <div className="user-form__sections">
          <section className="card form">
            <h2 className="user-form__title">{t('users.form.identity')}</h2>
            <div className="form__grid">
              {text('uf-lastname', 'lastname', { autoComplete: 'off' })}
              {text('uf-firstname', 'firstname', { autoComplete: 'off' })}
            </div>
            {editingSelf ? (
              <FormField id="uf-email" name="email" label={t('users.form.email')}>
                <input id="uf-email" className="input" value={user?.email} readOnly />
              </FormField>
            ) : (
              text('uf-email', 'email', { type: 'email', autoComplete: 'off' })
            )}
            <div className="form__grid">
              {text('uf-phone', 'phone', { type: 'tel', autoComplete: 'off' })}
              {text('uf-company', 'company', { autoComplete: 'off' })}
            </div>
            <FormField
              id="uf-lang"
              name="lang"
              label={t('users.form.lang')}
              error={errors.lang?.message}
            >
              <select
                className="input"
                {...fieldA11y('uf-lang', errors.lang?.message)}
                {...register('lang')}
              >
                {LANGUAGES.map((lang) => (
                  <option key={lang} value={lang}>
                    {t(`common.languages.${lang}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </section>
          <section className="card form">
            <h2 className="user-form__title">{t('users.form.access')}</h2>
            {editingSelf ? (
              <p className="muted">{t('users.form.self-hint')}</p>
            ) : (
              <>
                <RoleField
                  id="uf-role"
                  label={t('users.form.role')}
                  control={control}
                  error={errors.role?.message}
                />
                {add ? null : (
                  <label className="switch">
                    <input type="checkbox" role="switch" {...register('enabled')} />
                    <span className="switch__track" aria-hidden="true" />
                    <span>
                      <span className="switch__label">{t('users.form.enabled')}</span>
                      <span className="field__hint">{t('users.form.enabled-hint')}</span>
                    </span>
                  </label>
                )}
              </>
            )}
            {add ? (
              <fieldset className="user-form__password">
                <legend className="field__label">{t('users.form.password')}</legend>
                <label className="check-option">
                  <input type="checkbox" {...register('send_activation')} />
                  <span>
                    {t('users.form.send-activation')}
                    <span className="field__hint">{t('users.form.send-activation-hint')}</span>
                  </span>
                </label>
                {sendActivation ? null : (
                  <div className="form__grid">
                    <NewPasswordFields
                      value={password ?? ''}
                      password={{
                        id: 'uf-password1',
                        label: t('users.form.password1'),
                        error: errors.new_password1?.message,
                        registration: register('new_password1'),
                      }}
                      confirm={{
                        id: 'uf-password2',
                        label: t('users.form.password2'),
                        error: errors.new_password2?.message,
                        registration: register('new_password2'),
                      }}
                    />
                  </div>
                )}
              </fieldset>
            ) : null}
          </section>
          <div className="user-form__actions">
            <Button variant="secondary" onClick={cancel}>
              {t('users.form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {add ? t('users.form.create') : t('users.form.save')}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
