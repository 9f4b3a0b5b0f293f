import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { activatePurifierSchema } from '@aircloud/shared/purifiers';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useActivatePurifierMutation } from '../api/purifiersApi.ts';

const FORM_ID = 'add-product-form';

/** The add-product modal: a product key; success opens the new purifier. */
export function AddProductPopin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [activate] = useActivatePurifierMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(activatePurifierSchema), defaultValues: { key: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await activate(values);
    if ('error' in result) {
      if (applyViolations(result.error, setError, ['key'])) return;
      const key = errorMessageKey(result.error);
      if (key === 'errors.bad_or_not_exported_key_code')
        setError('key', { message: 'bad_or_not_exported_key_code' });
      else setServerError(key);
      return;
    }
    dispatch(notifyInfo('purifiers.add.success', { name: result.data.name }));
    onClose();
    navigate(`/purifiers/${result.data.ulid}/summary`);
  });

  return (
    <Popin
      open={open}
      onClose={onClose}
      size="small"
      title={t('purifiers.add.title')}
      description={t('purifiers.add.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={isSubmitting}>
            {t('purifiers.add.submit')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="form" onSubmit={onSubmit} noValidate>
        <FormError messageKey={serverError} />
        <FormField
          id="ap-key"
          name="key"
          label={t('purifiers.add.key')}
          error={errors.key?.message}
        >
          <input
            className="input input--key"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            {...fieldA11y('ap-key', errors.key?.message)}
            {...register('key')}
          />
        </FormField>
      </form>
    </Popin>
  );
}
