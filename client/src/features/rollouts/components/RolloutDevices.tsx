import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ROLLOUT_DEVICE_STATUSES,
  type FirmwareRolloutDevice,
  type RolloutDeviceStatus,
} from '@aircloud/shared/firmware-rollouts';
import {
  ListError,
  ListLoading,
  LoadErrorRoute,
  errorRouteOf,
} from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { isAdmin } from '@aircloud/shared/roles';
import { PATHS } from '../../../lib/navigation/routeNames.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useListRolloutDevicesQuery } from '../api/rolloutsApi.ts';

/** The pill of each purifier status (its word is what counts; the colour helps). */
export const DEVICE_PILL: Record<RolloutDeviceStatus, string> = {
  pending: 'pill--muted',
  in_progress: 'pill--info',
  succeeded: 'pill--ok',
  failed: 'pill--alert',
  timed_out: 'pill--warning',
  cancelled: 'pill--muted',
};

function Time({ value }: { value: string | null }) {
  return value ? (
    <time dateTime={value}>{formatDateTime(value)}</time>
  ) : (
    <span className="muted">—</span>
  );
}

/**
 * One purifier of the rollout: name (a link for administrators, who may open any purifier; a
 * technician runs rollouts but opens no one's purifier), stage, status, phase or reason,
 * versions and times.
 */
function DeviceRow({ device, linked }: { device: FirmwareRolloutDevice; linked: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td data-label={t('rollouts.columns.purifier')}>
        <span className="rollout-cell">
          {linked ? (
            <Link to={PATHS.purifier(device.purifier.ulid)}>{device.purifier.name}</Link>
          ) : (
            <span>{device.purifier.name}</span>
          )}
          <span className="mono small muted">{device.purifier.serial_number}</span>
        </span>
      </td>
      <td data-label={t('rollouts.columns.stage')}>{t(`rollouts.stages.${device.stage}`)}</td>
      <td data-label={t('rollouts.columns.status')}>
        <span className={`pill ${DEVICE_PILL[device.status]}`}>
          {t(`rollouts.device-statuses.${device.status}`)}
        </span>
      </td>
      <td data-label={t('rollouts.columns.phase')}>
        {device.status === 'in_progress' && device.phase ? (
          t(`rollouts.phases.${device.phase}`)
        ) : device.reason ? (
          <span className="mono small">{device.reason}</span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td data-label={t('rollouts.columns.from-version')}>
        {device.from_version ? (
          <span className="mono">{device.from_version}</span>
        ) : (
          <span className="muted">{t('rollouts.no-version')}</span>
        )}
      </td>
      <td data-label={t('rollouts.columns.sent')}>
        <Time value={device.sent_at} />
      </td>
      <td data-label={t('rollouts.columns.finished')}>
        <Time value={device.finished_at} />
      </td>
    </tr>
  );
}

/**
 * The purifiers of a rollout, filtered by status, a page at a time; `pollingInterval` while the
 * fleet channel is not there to say when they change.
 */
export function RolloutDevices({
  ulid,
  status,
  page,
  onFilter,
  pollingInterval,
}: {
  ulid: string;
  status: RolloutDeviceStatus | undefined;
  page: number;
  onFilter: (next: { status?: string; page?: number }) => void;
  pollingInterval: number;
}) {
  const { t } = useTranslation();
  const linked = isAdmin(useAppSelector((state) => state.session.user?.role));
  const query = useListRolloutDevicesQuery(
    { ulid, status, page },
    { pollingInterval, skipPollingIfUnfocused: true },
  );
  const devices = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;

  let content;
  if (query.isLoading) content = <ListLoading compact />;
  else if (errorRouteOf(query.error)) content = <LoadErrorRoute error={query.error} />;
  else if (query.error && !query.data)
    content = (
      <ListError
        compact
        title={t('rollouts.detail.devices-load-error')}
        error={query.error}
        retryLabel={t('rollouts.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (total === 0) content = <p className="muted">{t('rollouts.detail.devices-empty')}</p>;
  else
    content = (
      <>
        <div className={`table-wrap${query.isFetching ? ' is-refreshing' : ''}`}>
          <table className="data-table rollout-devices">
            <caption className="visually-hidden">{t('rollouts.detail.purifiers')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rollouts.columns.purifier')}</th>
                <th scope="col">{t('rollouts.columns.stage')}</th>
                <th scope="col">{t('rollouts.columns.status')}</th>
                <th scope="col">{t('rollouts.columns.phase')}</th>
                <th scope="col">{t('rollouts.columns.from-version')}</th>
                <th scope="col">{t('rollouts.columns.sent')}</th>
                <th scope="col">{t('rollouts.columns.finished')}</th>
              </tr>
            </thead>
            <tbody>
              {devices.map((device) => (
                <DeviceRow key={device.purifier.ulid} device={device} linked={linked} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={page}
          total={total}
          displayed={devices.length}
          onPage={(next) => onFilter({ page: next })}
        />
      </>
    );

  return (
    <section className="card rollout-card" aria-labelledby="rollout-purifiers">
      <div className="card__head">
        <h2 className="card__title" id="rollout-purifiers">
          {t('rollouts.detail.purifiers')}
        </h2>
        <label className="rollouts-filter" htmlFor="rollout-device-status">
          <span>{t('rollouts.filters.device-status')}</span>
          <select
            id="rollout-device-status"
            className="input"
            value={status ?? ''}
            onChange={(event) => onFilter({ status: event.target.value })}
          >
            <option value="">{t('rollouts.filters.all-device-statuses')}</option>
            {ROLLOUT_DEVICE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`rollouts.device-statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {content}
    </section>
  );
}
