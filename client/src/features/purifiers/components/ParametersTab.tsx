import { useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError.tsx';
import { NameFields } from '../../../components/NameFields.tsx';
import { OCCUPANTS_MAX, TRH_CHOICES } from '@aircloud/shared/constants';
import {
  patchPurifierSchema,
  PURIFIER_MODES,
  type PatchPurifierInput,
  type Purifier,
  type PurifierMode,
} from '@aircloud/shared/purifiers';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { NUMBER_INPUT, applyViolations, numberValue } from '../../../lib/forms.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { usePatchPurifierMutation } from '../api/purifiersApi.ts';
import { RoomVolumeHelper } from './RoomVolumeHelper.tsx';

const FIELDS = [
  'name',
  'short_name',
  'system_date',
  'hourly_recycling_rate',
  'silent_hourly_recycling_rate',
  'piece_volume',
  'count_piece_connected_object',
  'occupants',
  'mode',
] as const;
type Field = (typeof FIELDS)[number];

interface ParameterValues {
  name: string;
  short_name: string;
  system_date: string;
  hourly_recycling_rate: number;
  silent_hourly_recycling_rate: number;
  piece_volume: number | null;
  count_piece_connected_object: number | null;
  /** The usual number of people in the room: optional, cleared with an empty field (null). */
  occupants: number | null;
  mode: PurifierMode;
}

const parametersSchema = patchPurifierSchema.pick(
  Object.fromEntries(FIELDS.map((f) => [f, true])) as Record<Field, true>,
);
const DEFAULT_TRH = TRH_CHOICES[0];

function valuesOf(purifier: Purifier): ParameterValues {
  return {
    name: purifier.name,
    short_name: purifier.short_name ?? '',
    system_date: purifier.system_date ?? '',
    hourly_recycling_rate: purifier.hourly_recycling_rate ?? DEFAULT_TRH,
    silent_hourly_recycling_rate: purifier.silent_hourly_recycling_rate ?? DEFAULT_TRH,
    piece_volume: purifier.piece_volume,
    count_piece_connected_object: purifier.count_piece_connected_object,
    occupants: purifier.occupants ?? null,
    mode: purifier.mode,
  };
}

const toNumber = numberValue(null);

/**
 * Validates with the shared PATCH schema only the fields that differ from the saved purifier,
 * so the submitted values are exactly the merge-patch (a field never set stays untouched).
 */
function changedFieldsResolver(
  saved: () => ParameterValues,
): Resolver<ParameterValues, unknown, PatchPurifierInput> {
  const validate = zodResolver(parametersSchema) as unknown as Resolver<
    Partial<ParameterValues>,
    unknown,
    PatchPurifierInput
  >;
  return (values, context, options) => {
    const initial = saved();
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => !Object.is(value, initial[key as keyof ParameterValues]),
      ),
    ) as Partial<ParameterValues>;
    return validate(changed, context, options as never) as ReturnType<
      Resolver<ParameterValues, unknown, PatchPurifierInput>
    >;
  };
}

/**
 * Parameters: name, short name, date, TRH, room volume (with its helper), objects, the usual
 * number of people in the room (clean air per person), mode.
 */
export function ParametersTab({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [patch] = usePatchPurifierMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = useRef(valuesOf(purifier));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ParameterValues, unknown, PatchPurifierInput>({
    resolver: changedFieldsResolver(() => saved.current),
    defaultValues: saved.current,
  });

  useFormLock(isDirty);

  const onSubmit = handleSubmit(async (changes) => {
    setServerError(null);
    if (Object.keys(changes).length === 0) {
      dispatch(notifyInfo('purifier.parameters.no-changes'));
      return;
    }
    const result = await patch({ ulid: purifier.ulid, patch: changes });
    if ('error' in result) {
      if (!applyViolations(result.error, setError, FIELDS))
        setServerError(errorMessageKey(result.error));
      return;
    }
    saved.current = valuesOf(result.data);
    reset(saved.current);
    dispatch(notifyInfo('purifier.parameters.saved'));
  });

  const trhOptions = TRH_CHOICES.map((value) => (
    <option key={value} value={value}>
      {t(
        value === DEFAULT_TRH
          ? 'purifier.parameters.trh-default'
          : 'purifier.parameters.trh-option',
        {
          value,
        },
      )}
    </option>
  ));

  return (
    <form className="form tab-panel" onSubmit={onSubmit} noValidate>
      <FormError messageKey={serverError} />
      <div className="settings-grid">
        <section className="card form">
          <NameFields
            idPrefix="pp"
            name={{
              field: register('name'),
              label: t('purifier.parameters.name'),
              error: errors.name?.message,
            }}
            shortName={{
              field: register('short_name'),
              label: t('purifier.parameters.short-name'),
              hint: t('purifier.parameters.short-name-hint'),
              error: errors.short_name?.message,
            }}
          />
          <FormField
            id="pp-date"
            name="system_date"
            label={t('purifier.parameters.system-date')}
            error={errors.system_date?.message}
          >
            <Controller
              control={control}
              name="system_date"
              render={({ field }) => (
                <DateInput
                  {...fieldA11y('pp-date', errors.system_date?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              )}
            />
          </FormField>
          <fieldset className="mode-picker">
            <legend className="field__label">{t('purifier.parameters.mode')}</legend>
            <div className="segmented">
              {PURIFIER_MODES.map((mode) => (
                <label key={mode} className="segmented__option">
                  <input type="radio" value={mode} {...register('mode')} />
                  <span>{t(`purifiers.modes.${mode}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>
        <section className="card form">
          <FormField
            id="pp-volume"
            name="piece_volume"
            label={t('purifier.parameters.piece-volume')}
            error={errors.piece_volume?.message}
            params={{ min: 1, max: 100_000 }}
          >
            <input
              {...NUMBER_INPUT}
              className="input"
              {...fieldA11y('pp-volume', errors.piece_volume?.message)}
              {...register('piece_volume', { setValueAs: toNumber })}
            />
          </FormField>
          <RoomVolumeHelper
            onApply={(volume) =>
              setValue('piece_volume', volume, { shouldDirty: true, shouldValidate: true })
            }
          />
          <FormField
            id="pp-objects"
            name="count_piece_connected_object"
            label={t('purifier.parameters.connected-objects')}
            error={errors.count_piece_connected_object?.message}
            params={{ min: 1, max: 1000 }}
          >
            <input
              {...NUMBER_INPUT}
              inputMode="numeric"
              className="input"
              {...fieldA11y('pp-objects', errors.count_piece_connected_object?.message)}
              {...register('count_piece_connected_object', { setValueAs: toNumber })}
            />
          </FormField>
          <FormField
            id="pp-occupants"
            name="occupants"
            label={t('purifier.parameters.occupants')}
            hint={t('purifier.parameters.occupants-hint')}
            error={errors.occupants?.message}
            params={{ min: 1, max: OCCUPANTS_MAX }}
          >
            <input
              {...NUMBER_INPUT}
              inputMode="numeric"
              className="input"
              {...fieldA11y('pp-occupants', errors.occupants?.message)}
              {...register('occupants', { setValueAs: toNumber })}
            />
          </FormField>
          <div className="form__grid">
            <FormField
              id="pp-trh"
              name="hourly_recycling_rate"
              label={t('purifier.parameters.trh')}
              error={errors.hourly_recycling_rate?.message}
            >
              <select
                className="input"
                {...fieldA11y('pp-trh', errors.hourly_recycling_rate?.message)}
                {...register('hourly_recycling_rate', { setValueAs: Number })}
              >
                {trhOptions}
              </select>
            </FormField>
            <FormField
              id="pp-silent-trh"
              name="silent_hourly_recycling_rate"
              label={t('purifier.parameters.silent-trh')}
              error={errors.silent_hourly_recycling_rate?.message}
            >
              <select
                className="input"
                {...fieldA11y('pp-silent-trh', errors.silent_hourly_recycling_rate?.message)}
                {...register('silent_hourly_recycling_rate', { setValueAs: Number })}
              >
                {trhOptions}
              </select>
            </FormField>
          </div>
        </section>
      </div>
      <div className="form-actions">
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          {t('purifier.parameters.reset')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('purifier.parameters.save')}
        </Button>
      </div>
    </form>
  );
}
