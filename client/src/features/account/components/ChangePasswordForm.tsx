import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import type { z } from 'zod';
import { editPasswordSchema } from '@aircloud/shared/auth';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useEditMyPasswordMutation } from '../api/accountApi.ts';

const changePasswordSchema = editPasswordSchema.refine((v) => v.new_password1 === v.new_password2, {
  error: 'new_password_invalid',
  path: ['new_password2'],
});
type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
const FIELDS = ['current_password', 'new_password1', 'new_password2'] as const;
const EMPTY: ChangePasswordInput = { current_password: '', new_password1: '', new_password2: '' };

/** Change my password: current one, new one twice, every rule shown and checked. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [editPassword] = useEditMyPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const password = useWatch({ control, name: 'new_password1' }) ?? '';

  useFormLock(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await editPassword(values);
    if ('error' in result) {
      if (!applyViolations(result.error, setError, FIELDS)) {
        const key = errorMessageKey(result.error);
        // The catalogue keys of this call belong to one field each.
        if (key === 'errors.current_password_invalid')
          setError('current_password', { message: 'current_password_invalid' });
        else if (key === 'errors.new_password_invalid')
          setError('new_password2', { message: 'new_password_invalid' });
        else setServerError(key);
      }
      return;
    }
    reset(EMPTY);
    dispatch(notifyInfo('profile.change-password.success'));
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError messageKey={serverError} />
      <FormField
        id="cp-current"
        name="current_password"
        label={t('profile.change-password.current')}
        error={errors.current_password?.message}
      >
        <PasswordInput
          autoComplete="current-password"
          {...fieldA11y('cp-current', errors.current_password?.message)}
          {...register('current_password')}
        />
      </FormField>
      <NewPasswordFields
        value={password}
        password={{
          id: 'cp-new1',
          label: t('profile.change-password.new'),
          error: errors.new_password1?.message,
          registration: register('new_password1'),
        }}
        confirm={{
          id: 'cp-new2',
          label: t('profile.change-password.confirm'),
          error: errors.new_password2?.message,
          registration: register('new_password2'),
        }}
      />
      <Button type="submit" loading={isSubmitting}>
        {t('profile.change-password.submit')}
      </Button>
    </form>
  );
}
