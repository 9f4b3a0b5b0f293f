import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import {
  generateProductKeysSchema,
  PRODUCT_KEY_GENERATE_MAX,
  PRODUCT_KEY_MODELS,
  serialNumber,
  type ProductKeyModel,
} from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useGenerateProductKeysMutation } from '../api/productKeysApi.ts';

const FIELDS = ['model', 'start_serial', 'count'] as const;
const FORM_ID = 'generate-keys-form';

function asPositiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** The serial numbers a batch would get, shown while the form is filled. */
function BatchPreview({ model, start, count }: { model: string; start: unknown; count: unknown }) {
  const { t } = useTranslation();
  const first = asPositiveInt(start);
  const size = asPositiveInt(count);
  if (first === null || size === null || size > PRODUCT_KEY_GENERATE_MAX) return null;
  const m = model as ProductKeyModel;
  return (
    <p className="batch-preview" aria-live="polite">
      {size === 1
        ? t('product-keys.generate.preview-one', { first: serialNumber(m, first) })
        : t('product-keys.generate.preview', {
            first: serialNumber(m, first),
            last: serialNumber(m, first + size - 1),
          })}
    </p>
  );
}

/** Generate a batch of keys: model, start serial number and count (spec section 5). */
export function GenerateKeysPopin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [generate] = useGenerateProductKeysMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(generateProductKeysSchema),
    defaultValues: { model: PRODUCT_KEY_MODELS[0], start_serial: '', count: '' },
  });
  const [model, start, count] = useWatch({ control, name: ['model', 'start_serial', 'count'] });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await generate(values);
    if ('error' in result) {
      if (applyViolations(result.error, setError, FIELDS)) return;
      const key = errorMessageKey(result.error);
      if (key === 'errors.serial_number_already_exists')
        setError('start_serial', { message: 'serial_number_already_exists' });
      else setServerError(key);
      return;
    }
    const batch = result.data;
    dispatch(
      notifyInfo('product-keys.generate.success', {
        count: batch.count,
        first: batch.first_serial_number,
        last: batch.last_serial_number,
      }),
    );
    onClose();
  });

  return (
    <Popin
      open={open}
      onClose={onClose}
      title={t('product-keys.generate.title')}
      description={t('product-keys.generate.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={isSubmitting}>
            {t('product-keys.generate.submit')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="form" onSubmit={onSubmit} noValidate>
        <FormError messageKey={serverError} />
        <FormField
          id="gk-model"
          name="model"
          label={t('product-keys.generate.model')}
          error={errors.model?.message}
        >
          <select
            className="input"
            {...fieldA11y('gk-model', errors.model?.message)}
            {...register('model')}
          >
            {PRODUCT_KEY_MODELS.map((m) => (
              <option key={m} value={m}>
                {t(`product-models.${m}`)} ({m})
              </option>
            ))}
          </select>
        </FormField>
        <div className="form__grid">
          <FormField
            id="gk-start"
            name="start_serial"
            label={t('product-keys.generate.start-serial')}
            error={errors.start_serial?.message}
            params={{ min: 1, max: 999_999_999 }}
          >
            <input
              className="input"
              inputMode="numeric"
              autoComplete="off"
              {...fieldA11y('gk-start', errors.start_serial?.message)}
              {...register('start_serial')}
            />
          </FormField>
          <FormField
            id="gk-count"
            name="count"
            label={t('product-keys.generate.count')}
            error={errors.count?.message}
            params={{ min: 1, max: PRODUCT_KEY_GENERATE_MAX }}
          >
            <input
              className="input"
              inputMode="numeric"
              autoComplete="off"
              {...fieldA11y('gk-count', errors.count?.message)}
              {...register('count')}
            />
          </FormField>
        </div>
        <BatchPreview model={String(model)} start={start} count={count} />
      </form>
    </Popin>
  );
}
