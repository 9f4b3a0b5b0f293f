import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { fieldErrorKey } from '../../../components/fieldError.ts';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import {
  useCreateRolloutMutation,
  useListRolloutFirmwaresInfiniteQuery,
} from '../api/rolloutsApi.ts';
import {
  checkRolloutForm,
  initialRolloutForm,
  ROLLOUT_NUMBER_BOUNDS,
  ROLLOUT_NUMBER_FIELDS,
  type RolloutField,
  type RolloutFieldErrors,
  type RolloutFormValues,
  type RolloutNumberField,
} from '../rolloutForm.ts';
import { PurifierChecklist } from './PurifierChecklist.tsx';

const FORM_ID = 'rollout-create';
const FIELDS: readonly RolloutField[] = [
  'firmware',
  'model',
  'purifiers',
  ...ROLLOUT_NUMBER_FIELDS,
];

/** The i18n keys of a number field's label and hint. */
const NUMBER_TEXT: Record<RolloutNumberField, string> = {
  canary_percent: 'canary-percent',
  success_threshold: 'success-threshold',
  max_failure_rate: 'max-failure-rate',
  timeout_minutes: 'timeout-minutes',
  wave_size: 'wave-size',
};

/** The id of a field's control (the purifiers' filter box stands for the checklist). */
const idOf = (field: RolloutField) =>
  field === 'purifiers' ? 'rollout-purifier-filter' : `rollout-${field.replace(/_/g, '-')}`;

/** Moves focus to the first field with a message, once it is shown. */
function focusFirstError(errors: RolloutFieldErrors) {
  const first = FIELDS.find((field) => errors[field]);
  if (first) requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
}

/** The field a server violation belongs to (`purifiers[3]` is the purifiers' field). */
function fieldOf(propertyPath: string): RolloutField | null {
  const name = propertyPath.split(/[.[]/)[0] as RolloutField;
  return FIELDS.includes(name) ? name : null;
}

/**
 * The new-rollout dialog: a firmware file, one of its models, every outdated purifier of the
 * model or chosen ones, the canary share and the limits (their defaults filled in). Checked with
 * the server's schema before sending; the server's violations land on their fields.
 */
export function NewRolloutPopin({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (rollout: FirmwareRollout) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const firmwares = useListRolloutFirmwaresInfiniteQuery();
  const [create, { isLoading }] = useCreateRolloutMutation();
  const [values, setValues] = useState<RolloutFormValues>(initialRolloutForm);
  const [errors, setErrors] = useState<RolloutFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const files = firmwares.data?.pages.flatMap((page) => page['hydra:member']) ?? [];
  const firmware = files.find((file) => file.ulid === values.firmware) ?? null;
  const models = firmware?.models ?? [];

  const change = (next: Partial<RolloutFormValues>, cleared: RolloutField[]) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const copy = { ...current };
      for (const field of cleared) delete copy[field];
      return copy;
    });
  };

  const chooseFirmware = (ulid: string) => {
    const chosen = files.find((file) => file.ulid === ulid);
    const model: ProductKeyModel | '' =
      chosen && chosen.models.length === 1
        ? chosen.models[0]!
        : chosen?.models.includes(values.model as ProductKeyModel)
          ? values.model
          : '';
    change({ firmware: ulid, model, purifiers: model === values.model ? values.purifiers : [] }, [
      'firmware',
      'model',
    ]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkRolloutForm(values);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    const result = await create(checked.body);
    if ('error' in result) {
      const found: RolloutFieldErrors = {};
      for (const violation of violationsOf(result.error)) {
        const field = fieldOf(violation.propertyPath);
        if (field) found[field] ??= violation.code;
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        focusFirstError(found);
      } else setFormError(errorMessageKey(result.error));
      return;
    }
    dispatch(notifyInfo('rollouts.create.started', { version: result.data.firmware.version }));
    onCreated(result.data);
  };

  const numberField = (field: RolloutNumberField) => {
    const id = idOf(field);
    const bounds = ROLLOUT_NUMBER_BOUNDS[field];
    return (
      <FormField
        key={field}
        id={id}
        name={field}
        label={t(`rollouts.create.${NUMBER_TEXT[field]}`)}
        hint={t(`rollouts.create.${NUMBER_TEXT[field]}-hint`)}
        error={errors[field]}
        params={bounds}
      >
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={values.numbers[field]}
          disabled={isLoading}
          onChange={(e) =>
            change({ numbers: { ...values.numbers, [field]: e.target.value } }, [field])
          }
          {...fieldA11y(id, errors[field])}
        />
      </FormField>
    );
  };

  return (
    <Popin
      open={open}
      onClose={onClose}
      size="large"
      title={t('rollouts.create.title')}
      description={t('rollouts.create.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={isLoading}>
            {t('rollouts.create.submit')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="form rollout-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormError messageKey={formError} />
        <FormField
          id="rollout-firmware"
          name="firmware"
          label={t('rollouts.create.firmware')}
          error={errors.firmware}
          hint={
            firmwares.data && files.length === 0 ? (
              <>
                {t('rollouts.create.firmware-none')}{' '}
                <Link to="/firmware">{t('rollouts.create.firmware-page')}</Link>
              </>
            ) : firmwares.isError ? (
              t(errorMessageKey(firmwares.error))
            ) : undefined
          }
        >
          <select
            className="input"
            value={values.firmware}
            disabled={isLoading || files.length === 0}
            onChange={(e) => chooseFirmware(e.target.value)}
            {...fieldA11y('rollout-firmware', errors.firmware)}
          >
            <option value="">{t('rollouts.create.firmware-choose')}</option>
            {files.map((file) => (
              <option key={file.ulid} value={file.ulid}>
                {t('rollouts.create.firmware-option', {
                  name: file.name,
                  version: file.version,
                  models: file.models.map((m) => t(`product-models.${m}`)).join(', '),
                })}
              </option>
            ))}
          </select>
        </FormField>
        {firmwares.hasNextPage ? (
          <Button
            variant="ghost"
            className="btn--compact rollout-form__more"
            loading={firmwares.isFetchingNextPage}
            onClick={() => void firmwares.fetchNextPage()}
          >
            {t('rollouts.create.firmware-more')}
          </Button>
        ) : null}
        <FormField
          id="rollout-model"
          name="model"
          label={t('rollouts.create.model')}
          error={errors.model}
          hint={t(firmware ? 'rollouts.create.model-hint' : 'rollouts.create.model-first')}
        >
          <select
            className="input"
            value={values.model}
            disabled={isLoading || !firmware}
            onChange={(e) =>
              change({ model: e.target.value as ProductKeyModel | '', purifiers: [] }, [
                'model',
                'purifiers',
              ])
            }
            {...fieldA11y('rollout-model', errors.model)}
          >
            <option value="">{t('rollouts.create.model-choose')}</option>
            {models.map((model) => (
              <option key={model} value={model}>
                {t(`product-models.${model}`)}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="field rollout-form__target" disabled={isLoading}>
          <legend className="field__label">{t('rollouts.create.target')}</legend>
          <label className="check-option">
            <input
              type="radio"
              name="rollout-target"
              value="outdated"
              checked={values.target === 'outdated'}
              onChange={() => change({ target: 'outdated' }, ['purifiers'])}
            />
            <span>
              {t('rollouts.create.target-outdated')}
              <span className="field__hint">{t('rollouts.create.target-outdated-hint')}</span>
            </span>
          </label>
          <label className="check-option">
            <input
              type="radio"
              name="rollout-target"
              value="chosen"
              checked={values.target === 'chosen'}
              onChange={() => change({ target: 'chosen' }, ['purifiers'])}
            />
            <span>{t('rollouts.create.target-chosen')}</span>
          </label>
          {values.target === 'outdated' && errors.purifiers ? (
            <PurifiersError error={errors.purifiers} />
          ) : null}
        </fieldset>
        {values.target === 'chosen' ? (
          values.model ? (
            <PurifierChecklist
              key={values.model}
              model={values.model}
              version={firmware?.version ?? null}
              chosen={values.purifiers}
              onChange={(purifiers) => change({ purifiers }, ['purifiers'])}
              error={errors.purifiers}
              disabled={isLoading}
            />
          ) : (
            <p className="muted small">{t('rollouts.create.choose-model-first')}</p>
          )
        ) : null}
        <fieldset className="field rollout-form__limits" disabled={isLoading}>
          <legend className="field__label">{t('rollouts.create.stages')}</legend>
          <div className="rollout-form__grid">{ROLLOUT_NUMBER_FIELDS.map(numberField)}</div>
        </fieldset>
      </form>
    </Popin>
  );
}

/** A message on the purifiers as a whole (the server found none to update). */
function PurifiersError({ error }: { error: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="field__error" id="rollout-purifiers-error" role="alert">
      {t(fieldErrorKey(i18n, 'purifiers', error))}
    </p>
  );
}
