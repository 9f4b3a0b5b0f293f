import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FleetDevice } from '@aircloud/shared/fleet';
import { isAdmin } from '@aircloud/shared/roles';
import { Icon } from '../../../components/Icon.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { withViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';

const STATE_PILL = { operational: 'pill--ok', warning: 'pill--warning', alert: 'pill--alert' };
const WIFI_PILL = {
  connected: 'pill--ok',
  disconnected: 'pill--alert',
  not_configured: 'pill--muted',
};

/** Where an administrator opens a device: its page, in the view-as-user mode of its owner. */
function devicePath(device: FleetDevice): string | null {
  if (!device.owner) return null;
  const base = device.kind === 'purifier' ? '/purifiers' : '/sensors';
  return withViewAsUser(`${base}/${device.ulid}`, device.owner.ulid);
}

/**
 * Devices of the fleet as a table (cards below 768 px): name, kind, serial, model and version,
 * states, last seen and owner; administrators open the device or the owner's products in the
 * view-as-user mode (technicians see the row, as the spec gives them no view of others' machines).
 */
export function FleetDeviceTable({
  devices,
  caption,
  compact = false,
}: {
  devices: FleetDevice[];
  caption: string;
  /** The short lists of the summary: fewer columns. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const admin = isAdmin(useAppSelector((state) => state.session.user?.role));
  return (
    <div className="table-wrap">
      <table className={`data-table fleet-table${compact ? ' fleet-table--compact' : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fleet-view.columns.name')}</th>
            {compact ? null : <th scope="col">{t('fleet-view.columns.serial')}</th>}
            {compact ? null : <th scope="col">{t('fleet-view.columns.model')}</th>}
            <th scope="col">{t('fleet-view.columns.state')}</th>
            <th scope="col">{t('fleet-view.columns.last-seen')}</th>
            <th scope="col">{t('fleet-view.columns.owner')}</th>
            {admin ? (
              <th scope="col" className="cell-actions">
                <span className="visually-hidden">{t('fleet-view.columns.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => {
            const path = admin ? devicePath(device) : null;
            const ownerName = device.owner
              ? `${device.owner.firstname} ${device.owner.lastname}`.trim() || device.owner.email
              : null;
            return (
              <tr key={`${device.kind}-${device.ulid}`}>
                <td data-label={t('fleet-view.columns.name')}>
                  <span className="fleet-device">
                    <Icon name={device.kind === 'purifier' ? 'purifier' : 'activity'} size={16} />
                    <span>
                      {path ? <Link to={path}>{device.name}</Link> : <strong>{device.name}</strong>}
                      <span className="visually-hidden">
                        {' '}
                        ({t(`fleet-view.kinds.${device.kind}`)})
                      </span>
                      {compact ? (
                        <span className="fleet-device__serial mono small muted">
                          {device.serial_number}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </td>
                {compact ? null : (
                  <td data-label={t('fleet-view.columns.serial')}>
                    <span className="mono">{device.serial_number}</span>
                  </td>
                )}
                {compact ? null : (
                  <td data-label={t('fleet-view.columns.model')}>
                    {device.model ? (
                      <span>
                        {t(`product-models.${device.model}`)}
                        <span className="muted small fleet-device__version">
                          {device.soft_version
                            ? t('fleet-view.version', { version: device.soft_version })
                            : t('fleet-view.no-version')}
                        </span>
                      </span>
                    ) : (
                      <span className="muted">{t('fleet-view.sensor-model')}</span>
                    )}
                  </td>
                )}
                <td data-label={t('fleet-view.columns.state')}>
                  <span className="fleet-states">
                    <span className={`pill ${WIFI_PILL[device.wifi_state]}`}>
                      {t(`purifiers.wifi-filter-options.${device.wifi_state}`)}
                    </span>
                    {device.state ? (
                      <span className={`pill ${STATE_PILL[device.state]}`}>
                        {t(`purifiers.states.${device.state}`)}
                      </span>
                    ) : null}
                    {device.maintenance_min !== null && device.maintenance_min < 10 ? (
                      <span className="pill pill--warning">
                        {t('fleet-view.maintenance-left', {
                          percent: Math.round(device.maintenance_min),
                        })}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label={t('fleet-view.columns.last-seen')}>
                  {device.last_seen_at ? (
                    <time dateTime={device.last_seen_at}>
                      {formatDateTime(device.last_seen_at)}
                    </time>
                  ) : (
                    <span className="muted">{t('fleet-view.never-seen')}</span>
                  )}
                </td>
                <td data-label={t('fleet-view.columns.owner')}>
                  {ownerName ? (
                    <span className="fleet-owner">
                      <span>{ownerName}</span>
                      <span className="muted small">{device.owner!.email}</span>
                    </span>
                  ) : (
                    <span className="muted">{t('fleet-view.no-owner')}</span>
                  )}
                </td>
                {admin ? (
                  <td className="cell-actions">
                    {device.owner ? (
                      <Link
                        className="btn btn--ghost btn--compact"
                        to={withViewAsUser(
                          device.kind === 'purifier' ? '/purifiers' : '/sensors',
                          device.owner.ulid,
                        )}
                        aria-label={t('fleet-view.view-products-label', { name: ownerName })}
                      >
                        <Icon name="eye" size={16} />
                        {t('fleet-view.view-products')}
                      </Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
