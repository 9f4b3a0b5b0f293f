import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  createSensorSchema,
  type CreateSensorInput,
  type ProvisionedSensorResponse,
} from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { FormField, fieldA11y } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Popin } from '../../../components/Popin.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { applyViolations } from '../../../lib/forms.ts';
import { notifyError } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useProvisionSensorMutation } from '../api/sensorsApi.ts';

const FORM_ID = 'provision-sensor-form';
const FIELDS = ['serial_number', 'owner_email', 'name'] as const;

/** The provisioned sensor's device secret, shown once, and its MQTT broker, with copy buttons. */
function DeviceSecret({
  sensor,
  onClose,
}: {
  sensor: ProvisionedSensorResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div className="provisioned">
      <p className="notice notice--success">
        <Icon name="check" size={18} />
        {t('sensors.provision.done', { serial: sensor.serial_number })}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="ps-secret">
          {t('sensors.provision.secret')}
        </label>
        <div className="copy-field">
          <input
            id="ps-secret"
            className="input input--mono"
            readOnly
            value={sensor.device_secret}
          />
          <CopyButton
            value={sensor.device_secret}
            label={t('sensors.provision.copy')}
            copiedLabel={t('sensors.provision.copied')}
            onError={() => dispatch(notifyError('sensors.provision.copy-failed'))}
          />
        </div>
        <p className="field__hint">{t('sensors.provision.secret-once')}</p>
      </div>
      {sensor.mqtt_url ? (
        <div className="field">
          <label className="field__label" htmlFor="ps-mqtt">
            {t('sensors.provision.mqtt-url')}
          </label>
          <div className="copy-field">
            <input id="ps-mqtt" className="input input--mono" readOnly value={sensor.mqtt_url} />
            <CopyButton
              value={sensor.mqtt_url}
              label={t('sensors.provision.copy-mqtt')}
              copiedLabel={t('sensors.provision.copied-mqtt')}
              onError={() => dispatch(notifyError('sensors.provision.copy-failed'))}
            />
          </div>
          <p className="field__hint">{t('sensors.provision.mqtt-hint')}</p>
        </div>
      ) : null}
      <Link className="link" to={`/sensors/${sensor.ulid}/graphs`} onClick={onClose}>
        {t('sensors.provision.open', { name: sensor.name || sensor.serial_number })}
      </Link>
    </div>
  );
}

/** Technicians and admins provision a sensor for an owner: serial number, owner e-mail, name. */
export function ProvisionSensorPopin({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [provision] = useProvisionSensorMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<ProvisionedSensorResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateSensorInput>({
    resolver: zodResolver(createSensorSchema),
    defaultValues: { serial_number: '', owner_email: '', name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await provision(values);
    if ('error' in result) {
      if (applyViolations(result.error, setError, FIELDS)) return;
      const key = errorMessageKey(result.error);
      if (key === 'errors.sensor_owner_not_found')
        setError('owner_email', { message: 'sensor_owner_not_found' });
      else setServerError(key);
      return;
    }
    setCreated(result.data);
  });

  return (
    <Popin
      open
      onClose={onClose}
      size="small"
      title={t('sensors.provision.title')}
      description={created ? undefined : t('sensors.provision.description')}
      footer={
        created ? (
          <Button onClick={onClose}>{t('sensors.provision.finish')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} loading={isSubmitting}>
              {t('sensors.provision.submit')}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <DeviceSecret sensor={created} onClose={onClose} />
      ) : (
        <form id={FORM_ID} className="form" onSubmit={onSubmit} noValidate>
          <FormError messageKey={serverError} />
          <FormField
            id="ps-serial"
            name="serial_number"
            label={t('sensors.provision.serial')}
            error={errors.serial_number?.message}
            params={{ max: 64 }}
          >
            <input
              className="input input--mono"
              autoComplete="off"
              spellCheck={false}
              {...fieldA11y('ps-serial', errors.serial_number?.message)}
              {...register('serial_number')}
            />
          </FormField>
          <FormField
            id="ps-owner"
            name="owner_email"
            label={t('sensors.provision.owner')}
            error={errors.owner_email?.message}
          >
            <input
              type="email"
              className="input"
              autoComplete="off"
              {...fieldA11y('ps-owner', errors.owner_email?.message)}
              {...register('owner_email')}
            />
          </FormField>
          <FormField
            id="ps-name"
            name="name"
            label={t('sensors.provision.name')}
            error={errors.name?.message}
            params={{ max: 100 }}
          >
            <input
              className="input"
              {...fieldA11y('ps-name', errors.name?.message)}
              {...register('name')}
            />
          </FormField>
        </form>
      )}
    </Popin>
  );
}
