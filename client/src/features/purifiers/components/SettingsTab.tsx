import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Purifier } from '@aircloud/shared/purifiers';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { notifyInfo } from '../../../lib/notifications/notificationsSlice.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/storeHooks.ts';
import { useDeletePurifierMutation } from '../api/purifiersApi.ts';
import { FirmwareUpdateCard } from './FirmwareUpdateCard.tsx';

/** Removal of the purifier from the owner's account, behind a confirmation. */
function RemovePurifier({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { link } = useViewAsUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeletePurifierMutation();

  const confirm = async () => {
    setError(null);
    const result = await remove(purifier.ulid);
    if ('error' in result) {
      setError(errorMessageKey(result.error));
      return;
    }
    setConfirming(false);
    dispatch(notifyInfo('purifier.settings.removed', { name: purifier.name }));
    navigate(link(PATHS.home));
  };

  return (
    <section className="card danger-zone">
      <div>
        <h2 className="card__title">{t('purifier.settings.danger-title')}</h2>
        <p className="muted">{t('purifier.settings.danger-text')}</p>
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Icon name="trash" size={18} />
        {t('purifier.settings.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        danger
        icon="trash"
        title={t('purifier.settings.remove-title', { name: purifier.name })}
        body={t('purifier.settings.remove-body')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('purifier.settings.remove-confirm')}
        loading={isLoading}
        error={error ? t(error) : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}

/**
 * Settings: what the device reports about its network and software, the MQTT broker it uses;
 * removal by the owner.
 */
export function SettingsTab({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.session.user);
  const isOwner = Boolean(me && purifier.owner === me['@id']);
  const facts = [
    ['ip-address', purifier.ip_address],
    ['mac-address', purifier.mac_address],
    ['soft-version', purifier.soft_version],
    ['ssid', purifier.ssid],
  ] as const;

  return (
    <div className="tab-panel">
      <section className="card">
        <div className="card__head">
          <h2 className="card__title">{t('purifier.settings.title')}</h2>
          {purifier.reported ? (
            <span className="muted small">
              {t('purifier.settings.reported-at', {
                date: formatDateTime(purifier.reported.reported_at),
              })}
            </span>
          ) : null}
        </div>
        {purifier.reported ? null : (
          <p className="notice">
            <Icon name="info" size={18} />
            {t('purifier.settings.not-reported')}
          </p>
        )}
        <dl className="facts facts--grid">
          {facts.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`purifier.settings.${key}`)}</dt>
              <dd className={value ? 'mono' : 'muted'}>{value ?? '—'}</dd>
            </div>
          ))}
          <div>
            <dt>{t('purifier.settings.mqtt-url')}</dt>
            <dd className={purifier.mqtt_url ? 'mono' : 'muted'}>
              {purifier.mqtt_url ?? t('purifier.settings.mqtt-none')}
            </dd>
          </div>
        </dl>
      </section>
      {purifier.firmware_update ? <FirmwareUpdateCard update={purifier.firmware_update} /> : null}
      {isOwner ? (
        <RemovePurifier purifier={purifier} />
      ) : (
        <p className="muted small">{t('purifier.settings.owner-only')}</p>
      )}
    </div>
  );
}
