import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SHORT_NAME_MAX } from '@aircloud/shared/constants';
import { patchSensorSchema, type PatchSensorInput, type Sensor } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { NameFields } from '../../../components/NameFields.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { useFormLock } from '../../../lib/navigation/useFormLock.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { usePatchSensorMutation } from '../api/sensorsApi.ts';

const FIELDS = ['name', 'short_name'] as const;
const parametersSchema = patchSensorSchema.pick({ name: true, short_name: true }).required();

interface ParameterValues {
  name: string;
  short_name: string;
}

const valuesOf = (sensor: Sensor): ParameterValues => ({
  name: sensor.name,
  short_name: sensor.short_name ?? '',
});

/** Parameters: the sensor's name and short name (at most 20 characters). */
export function ParametersTab({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [patch] = usePatchSensorMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = useRef(valuesOf(sensor));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ParameterValues, unknown, PatchSensorInput>({
    resolver: zodResolver(parametersSchema) as never,
    defaultValues: saved.current,
  });

  useFormLock(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await patch({ ulid: sensor.ulid, patch: values });
    if ('error' in result) {
      if (!applyViolations(result.error, setError, FIELDS))
        setServerError(errorMessageKey(result.error));
      return;
    }
    saved.current = valuesOf(result.data);
    reset(saved.current);
    dispatch(notifyInfo('sensor.parameters.saved'));
  });

  return (
    <form className="form tab-panel" onSubmit={onSubmit} noValidate>
      <FormError messageKey={serverError} />
      <section className="card form sensor-parameters">
        <NameFields
          idPrefix="sp"
          name={{
            field: register('name'),
            label: t('sensor.parameters.name'),
            error: errors.name?.message,
          }}
          shortName={{
            field: register('short_name'),
            label: t('sensor.parameters.short-name'),
            hint: t('sensor.parameters.short-name-hint', { max: SHORT_NAME_MAX }),
            error: errors.short_name?.message,
          }}
        />
      </section>
      <div className="form-actions">
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          {t('sensor.parameters.reset')}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          {t('sensor.parameters.save')}
        </Button>
      </div>
    </form>
  );
}
