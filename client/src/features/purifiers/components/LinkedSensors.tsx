import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Purifier, PurifierLinkedSensor } from '@aircloud/shared/purifiers';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch } from '../../../lib/storeHooks.ts';
import { useUnlinkPurifierSensorMutation } from '../api/purifiersApi.ts';

/**
 * The sensors linked to a purifier, whoever owns them: their alert rules may change its mode.
 * Its owner (and admins) may remove any of these links, including one made by a user the
 * purifier was shared with on a sensor of their own.
 */
export function LinkedSensors({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { link } = useViewAsUser();
  const [unlink, { isLoading }] = useUnlinkPurifierSensorMutation();
  const [removing, setRemoving] = useState<PurifierLinkedSensor | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sensors = purifier.linked_sensors ?? [];
  const manages = purifier.access === 'owner' || purifier.access === 'admin';

  const confirm = async () => {
    if (!removing) return;
    setError(null);
    const result = await unlink({ ulid: purifier.ulid, sensor: removing.ulid });
    if ('error' in result) {
      setError(errorMessageKey(result.error));
      return;
    }
    setRemoving(null);
    dispatch(notifyInfo('purifier.summary.linked-sensors.unlinked'));
  };

  return (
    <section className="card linked-sensors">
      <h2 className="card__title">{t('purifier.summary.linked-sensors.title')}</h2>
      <p className="muted small">{t('purifier.summary.linked-sensors.intro')}</p>
      {sensors.length === 0 ? (
        <p className="muted">{t('purifier.summary.linked-sensors.empty')}</p>
      ) : (
        <ul className="linked-sensors__list">
          {sensors.map((sensor) => (
            <li key={sensor.ulid} className="linked-sensors__item" data-sensor={sensor.ulid}>
              <div className="linked-sensors__text">
                {sensor.visible ? (
                  <Link to={link(`/sensors/${sensor.ulid}`)}>{sensor.name}</Link>
                ) : (
                  <strong>{sensor.name}</strong>
                )}
                <span className="muted small">
                  {[
                    sensor.owner_name
                      ? t('purifier.summary.linked-sensors.owner', { name: sensor.owner_name })
                      : null,
                    sensor.linked_by_name
                      ? t('purifier.summary.linked-sensors.linked-by', {
                          name: sensor.linked_by_name,
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {manages ? (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('purifier.summary.linked-sensors.unlink-label', {
                    name: sensor.name,
                  })}
                  title={t('purifier.summary.linked-sensors.unlink-label', { name: sensor.name })}
                  onClick={() => {
                    setError(null);
                    setRemoving(sensor);
                  }}
                >
                  <Icon name="trash" size={18} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        danger
        icon="trash"
        title={t('purifier.summary.linked-sensors.unlink-title')}
        body={t('purifier.summary.linked-sensors.unlink-body', { name: removing?.name ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('purifier.summary.linked-sensors.unlink-confirm')}
        loading={isLoading}
        error={error ? t(error) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
