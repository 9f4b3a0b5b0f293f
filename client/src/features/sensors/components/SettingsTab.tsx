import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sensor } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDateTime, isoDateToDisplay } from '../../../lib/dates.ts';
import { notifyError, notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { hasRole } from '@aircloud/shared/roles';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useDeleteSensorHistoryMutation, usePatchSensorMutation } from '../api/sensorsApi.ts';
import { ExportSection } from './ExportSection.tsx';
import { ImportSection } from './ImportSection.tsx';
import { SensorWifiStatus } from './SensorStatus.tsx';

/** The public page of a sensor, as anyone opens it. */
export function publicGraphUrl(sensorUlid: string): string {
  return `${window.location.origin}/sensor-graph/${sensorUlid}`;
}

/**
 * Information: serial number, system date, public view (with its link), last seen, network.
 * Publishing is the owner's: a user the sensor is shared with sees the switch, disabled.
 */
function InformationSection({ sensor, manages }: { sensor: Sensor; manages: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [patch, { isLoading }] = usePatchSensorMutation();
  const url = publicGraphUrl(sensor.ulid);

  const togglePublic = async (isPublic: boolean) => {
    const result = await patch({ ulid: sensor.ulid, patch: { is_public: isPublic } });
    if ('error' in result) dispatch(notifyError(errorMessageKey(result.error)));
    else
      dispatch(notifyInfo(isPublic ? 'sensor.settings.public-on' : 'sensor.settings.public-off'));
  };

  return (
    <section className="card">
      <h2 className="card__title">{t('sensor.settings.information')}</h2>
      <dl className="facts facts--grid">
        <div>
          <dt>{t('sensor.settings.serial')}</dt>
          <dd className="mono">{sensor.serial_number}</dd>
        </div>
        <div>
          <dt>{t('sensor.settings.system-date')}</dt>
          <dd>{sensor.system_date ? isoDateToDisplay(sensor.system_date) : '—'}</dd>
        </div>
        <div>
          <dt>{t('sensor.settings.last-seen')}</dt>
          <dd>
            {sensor.last_seen_at ? formatDateTime(sensor.last_seen_at) : t('sensors.never-seen')}
          </dd>
        </div>
        <div>
          <dt>{t('sensor.settings.wifi')}</dt>
          <dd>
            <SensorWifiStatus state={sensor.wifi_state} />
          </dd>
        </div>
      </dl>
      <div className="public-view">
        <label className="switch">
          <input
            type="checkbox"
            checked={sensor.is_public}
            disabled={isLoading || !manages}
            onChange={(event) => void togglePublic(event.target.checked)}
          />
          <span className="switch__track" aria-hidden="true" />
          <span>
            <span className="switch__label">{t('sensor.settings.public')}</span>
            <span className="field__hint">
              {manages ? t('sensor.settings.public-hint') : t('sensor.settings.public-owner-only')}
            </span>
          </span>
        </label>
        {sensor.is_public ? (
          <div className="field public-view__link">
            <label className="field__label" htmlFor="ss-public-url">
              {t('sensor.settings.public-link')}
            </label>
            <div className="copy-field">
              <input id="ss-public-url" className="input input--mono" readOnly value={url} />
              <CopyButton
                value={url}
                label={t('sensor.settings.copy-link')}
                copiedLabel={t('sensor.settings.link-copied')}
                onError={() => dispatch(notifyError('sensor.settings.copy-failed'))}
              />
              <a className="btn btn--secondary" href={url} target="_blank" rel="noreferrer">
                <Icon name="external" size={18} />
                {t('sensor.settings.open-public')}
              </a>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Delete the whole history (samples and roll-ups), behind a confirmation. */
function DeleteHistorySection({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteSensorHistoryMutation();

  const confirm = async () => {
    setError(null);
    const result = await remove(sensor.ulid);
    if ('error' in result) {
      setError(errorMessageKey(result.error));
      return;
    }
    setConfirming(false);
    dispatch(notifyInfo('sensor.history.deleted'));
  };

  return (
    <section className="card danger-zone">
      <div>
        <h2 className="card__title">{t('sensor.history.title')}</h2>
        <p className="muted">{t('sensor.history.text')}</p>
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Icon name="trash" size={18} />
        {t('sensor.history.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        danger
        icon="trash"
        title={t('sensor.history.confirm-title')}
        body={t('sensor.history.confirm-body', { name: sensor.name || sensor.serial_number })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('sensor.history.confirm')}
        loading={isLoading}
        error={error ? t(error) : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}

/** Settings: information and public view, data import, CSV export, deletion of the history. */
export function SettingsTab({ sensor }: { sensor: Sensor }) {
  // Publishing, cancelling an import and deleting the history are managing the sensor: its
  // owner, technicians and admins, never a user it is shared with (the server answers 403).
  const me = useAppSelector((state) => state.session.user);
  const manages = !!me && (sensor.owner?.ulid === me.ulid || hasRole(me.role, 'ROLE_TECHNICIAN'));
  return (
    <div className="tab-panel">
      <InformationSection sensor={sensor} manages={manages} />
      <div className="settings-grid">
        <ImportSection sensor={sensor} canCancel={manages} />
        <ExportSection sensor={sensor} />
      </div>
      {manages ? <DeleteHistorySection sensor={sensor} /> : null}
    </div>
  );
}
