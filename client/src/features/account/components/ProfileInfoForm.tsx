import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import type { Me, User } from '@aircloud/shared/users';
import { PHONE_PATTERN } from '@aircloud/shared/validation';
import {
  AvatarInput,
  NO_AVATAR_CHANGE,
  avatarUploadRefusal,
  type AvatarChoice,
} from '../../../components/AvatarInput.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { chooseLanguage, isLanguage } from '../../../lib/i18n/i18n.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { userUpdated } from '../../../lib/session/sessionSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useEditMyInformationMutation, useUploadMyAvatarMutation } from '../api/accountApi.ts';

const name = (field: 'firstname' | 'lastname') =>
  z
    .string()
    .trim()
    .min(1, { error: `form.${field}.required` })
    .max(100, { error: 'validation.max_length' });

/** My information: the user form rules of spec section 5 for the fields one edits oneself. */
const myInformationSchema = z.object({
  firstname: name('firstname'),
  lastname: name('lastname'),
  phone: z
    .string()
    .trim()
    .refine((p) => p === '' || PHONE_PATTERN.test(p), { error: 'validation.phone' }),
  company: z.string().trim().max(150, { error: 'validation.max_length' }),
});
type MyInformationValues = z.infer<typeof myInformationSchema>;
const FIELDS = ['firstname', 'lastname', 'phone', 'company'] as const;

function valuesOf(user: Pick<Me, 'firstname' | 'lastname' | 'phone' | 'company'>) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    company: user.company,
  };
}

/** What the session keeps of the saved user. */
function meChanges(saved: User): Partial<Me> {
  const { firstname, lastname, phone, company, lang, avatar } = saved;
  return { firstname, lastname, phone, company, lang, avatar };
}

/**
 * Edit my information: names, phone, company and avatar, saved together. Unsaved edits lock
 * navigation.
 */
export function ProfileInfoForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [save] = useEditMyInformationMutation();
  const [upload] = useUploadMyAvatarMutation();
  const [avatar, setAvatar] = useState<AvatarChoice>(NO_AVATAR_CHANGE);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<MyInformationValues>({
    resolver: zodResolver(myInformationSchema),
    defaultValues: valuesOf(me),
  });
  const avatarChanged = Boolean(avatar.file) || avatar.removed;
  const dirty = isDirty || avatarChanged;

  useFormLock(dirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setAvatarError(null);
    let avatarIri: string | null | undefined;
    if (avatar.file) {
      const uploaded = await upload(avatar.file);
      if (uploaded.error || !uploaded.data) {
        setAvatarError(avatarUploadRefusal(uploaded.error));
        return;
      }
      avatarIri = uploaded.data['@id'];
    } else if (avatar.removed) avatarIri = null;
    const result = await save({
      ulid: me.ulid,
      body: { ...values, ...(avatarIri !== undefined ? { avatar: avatarIri } : {}) },
    });
    if (result.error || !result.data) {
      if (!applyViolations(result.error, setError, FIELDS))
        setFormError(errorMessageKey(result.error));
      return;
    }
    dispatch(userUpdated(meChanges(result.data)));
    reset(valuesOf(result.data));
    setAvatar(NO_AVATAR_CHANGE);
    dispatch(notifyInfo('profile.info.success'));
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError messageKey={formError} />
      <FormField
        id="pi-avatar"
        name="avatar"
        label={t('avatar.label')}
        error={avatarError ?? undefined}
      >
        <AvatarInput
          id="pi-avatar"
          currentUrl={me.avatar}
          initials={`${me.firstname.charAt(0)}${me.lastname.charAt(0)}`.toUpperCase() || '?'}
          choice={avatar}
          onChange={(choice) => {
            setAvatarError(null);
            setAvatar(choice);
          }}
          onRefused={setAvatarError}
          describedBy={avatarError ? 'pi-avatar-error' : undefined}
        />
      </FormField>
      <div className="form__grid">
        <FormField
          id="pi-firstname"
          name="firstname"
          label={t('profile.info.firstname')}
          error={errors.firstname?.message}
          params={{ max: 100 }}
        >
          <input
            className="input"
            autoComplete="given-name"
            {...fieldA11y('pi-firstname', errors.firstname?.message)}
            {...register('firstname')}
          />
        </FormField>
        <FormField
          id="pi-lastname"
          name="lastname"
          label={t('profile.info.lastname')}
          error={errors.lastname?.message}
          params={{ max: 100 }}
        >
          <input
            className="input"
            autoComplete="family-name"
            {...fieldA11y('pi-lastname', errors.lastname?.message)}
            {...register('lastname')}
          />
        </FormField>
      </div>
      <FormField
        id="pi-phone"
        name="phone"
        label={t('profile.info.phone')}
        error={errors.phone?.message}
        hint={errors.phone ? undefined : t('profile.info.phone-hint')}
      >
        <input
          className="input"
          type="tel"
          autoComplete="tel"
          {...fieldA11y('pi-phone', errors.phone?.message)}
          {...register('phone')}
        />
      </FormField>
      <FormField
        id="pi-company"
        name="company"
        label={t('profile.info.company')}
        error={errors.company?.message}
        params={{ max: 150 }}
      >
        <input
          className="input"
          autoComplete="organization"
          {...fieldA11y('pi-company', errors.company?.message)}
          {...register('company')}
        />
      </FormField>
      <div className="form__row form__row--end">
        {dirty ? (
          <Button
            variant="ghost"
            onClick={() => {
              reset(valuesOf(me));
              setAvatar(NO_AVATAR_CHANGE);
              setAvatarError(null);
            }}
          >
            {t('profile.info.reset')}
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {t('profile.info.submit')}
        </Button>
      </div>
    </form>
  );
}

/** My language: applied to the interface at once and stored on my account straight away. */
export function MyLanguageField({ me }: { me: Me }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [saveLanguage, { isLoading: savingLanguage }] = useEditMyInformationMutation();

  const changeLanguage = async (event: ChangeEvent<HTMLSelectElement>) => {
    const lang = event.target.value;
    if (!isLanguage(lang)) return;
    const previous: Language = me.lang;
    await chooseLanguage(lang);
    dispatch(userUpdated({ lang }));
    const result = await saveLanguage({ ulid: me.ulid, body: { lang } });
    if (result.error) {
      await chooseLanguage(previous);
      dispatch(userUpdated({ lang: previous }));
      dispatch(notifyError(errorMessageKey(result.error)));
      return;
    }
    dispatch(notifyInfo('profile.info.language-saved'));
  };

  return (
    <FormField
      id="pi-language"
      name="lang"
      label={t('profile.info.language')}
      hint={t('profile.info.language-hint')}
    >
      <select
        id="pi-language"
        className="input"
        value={me.lang}
        disabled={savingLanguage}
        onChange={(event) => void changeLanguage(event)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`common.languages.${lang}`)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
