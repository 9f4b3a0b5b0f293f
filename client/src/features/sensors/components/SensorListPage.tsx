import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@aircloud/shared/roles';
import type { Sensor } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { useListQuery } from '../../../lib/navigation/useListQuery.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useListSensorsQuery } from '../api/sensorsApi.ts';
import { useSensorListStream } from '../hooks/useSensorListStream.ts';
import { ProvisionSensorPopin } from './ProvisionSensorPopin.tsx';
import { RetentionNote } from './RetentionNote.tsx';
import { LastSeen, LiveValues, SensorWifiStatus } from './SensorStatus.tsx';
import '../sensors.css';

/** The owner's name as a list shows it (the e-mail when the account has no name yet). */
function ownerName(owner: NonNullable<Sensor['owner']>): string {
  return [owner.firstname, owner.lastname].filter(Boolean).join(' ') || owner.email;
}

/** One sensor: name, live values with their levels, network state; its owner for the staff. */
function SensorCard({ sensor, showOwner }: { sensor: Sensor; showOwner: boolean }) {
  const { t } = useTranslation();
  // In the admin's view-as-user mode the detail keeps `?user=`.
  const { link } = useViewAsUser();
  const name = sensor.name || sensor.serial_number;
  return (
    <li className="device-card sensor-card">
      <div className="device-card__head">
        <span className="sensor-card__icon" aria-hidden="true">
          <Icon name="wifi" size={22} />
        </span>
        <div className="device-card__title">
          <Link
            className="device-card__link sensor-card__link"
            to={link(`/sensors/${sensor.ulid}/graphs`)}
            aria-label={t('sensors.open', { name })}
          >
            {name}
            {sensor.short_name ? (
              <span className="sensor-card__short"> · {sensor.short_name}</span>
            ) : null}
          </Link>
          <span className="sensor-card__serial">{sensor.serial_number}</span>
          {showOwner && sensor.owner ? (
            <span className="sensor-card__owner muted small" title={sensor.owner.email}>
              {t('sensors.owned-by', { name: ownerName(sensor.owner) })}
            </span>
          ) : null}
        </div>
        {sensor.is_public ? <span className="pill pill--info">{t('sensors.public')}</span> : null}
      </div>
      <LiveValues sample={sensor.last_sample} />
      <div className="sensor-card__foot">
        <SensorWifiStatus state={sensor.wifi_state} />
        <LastSeen at={sensor.last_seen_at} />
      </div>
    </li>
  );
}

/** The sensor list: search, live values of each sensor, provisioning for technicians and admins. */
export function SensorListPage() {
  const { t } = useTranslation();
  const { params, page, update } = useListQuery();
  const role = useAppSelector((state) => state.session.user?.role);
  const canProvision = hasRole(role, 'ROLE_TECHNICIAN');
  const [provisioning, setProvisioning] = useState(false);
  const search = params.get('search') ?? undefined;
  const user = params.get('user') ?? undefined;
  const listArgs = { page, search, user };
  const query = useListSensorsQuery(listArgs);
  const sensors = query.data?.['hydra:member'] ?? [];
  // The shown page follows its sensors live (values, network state).
  useSensorListStream(
    sensors.map((s) => s.ulid),
    listArgs,
  );
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const viewingOther = Boolean(user);
  const provisionButton =
    canProvision && !viewingOther ? (
      <Button onClick={() => setProvisioning(true)}>
        <Icon name="plus" size={18} />
        {t('sensors.provision.button')}
      </Button>
    ) : null;

  const content = (
    <ListStates
      query={query}
      total={total}
      errorTitle={t('sensors.load-error')}
      retryLabel={t('sensor.retry')}
      empty={
        <ListEmpty icon="wifi">
          {search ? (
            <>
              <h2>{t('sensors.empty.no-match')}</h2>
              <Button variant="secondary" onClick={() => update({ search: undefined })}>
                {t('sensors.empty.clear-search')}
              </Button>
            </>
          ) : (
            <>
              <h2>{t('sensors.empty.title')}</h2>
              <p className="muted">
                {t(canProvision ? 'sensors.empty.text-technician' : 'sensors.empty.text')}
              </p>
              {provisionButton}
            </>
          )}
        </ListEmpty>
      }
    >
      <ul className={`sensor-grid${query.isFetching ? ' is-refreshing' : ''}`}>
        {sensors.map((sensor) => (
          <SensorCard key={sensor.ulid} sensor={sensor} showOwner={canProvision && !viewingOther} />
        ))}
      </ul>
      <Pagination
        page={page}
        total={total}
        displayed={sensors.length}
        onPage={(next) => update({ page: next })}
      />
    </ListStates>
  );

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t(viewingOther ? 'sensors.title-of-user' : 'sensors.title')}</h1>
          {viewingOther ? null : <p className="page-header__subtitle">{t('sensors.subtitle')}</p>}
        </div>
        {provisionButton}
      </header>
      <div className="toolbar">
        <SearchInput
          value={search ?? ''}
          label={t('sensors.search')}
          onSearch={(value) => update({ search: value })}
        />
      </div>
      {content}
      {hasRole(role, 'ROLE_ADMIN') && !viewingOther ? <RetentionNote /> : null}
      {provisioning ? <ProvisionSensorPopin onClose={() => setProvisioning(false)} /> : null}
    </div>
  );
}
