import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NO_SOFT_VERSION } from '@aircloud/shared/fleet';
import { hasRole } from '@aircloud/shared/roles';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { useListFleetDevicesQuery } from '../api/fleetApi.ts';
import { FLEET_LIST_FILTERS } from '../fleetPaths.ts';
import { FleetDeviceTable } from './FleetDeviceTable.tsx';
import '../fleet.css';

/** The list behind a number of the fleet view (FleetDevices, /fleet/devices?kind=…&…). */
export function FleetDevicesPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  if (!hasRole(role, 'ROLE_TECHNICIAN')) return <ForbiddenState text={t('fleet-view.forbidden')} />;
  return <FleetDevices />;
}

/** What a filter reads as, in words ("Disconnected", "HEPA Bulle white", "Version 2.1.0"). */
function useFilterLabel() {
  const { t } = useTranslation();
  return (name: string, value: string): string => {
    switch (name) {
      case 'wifi_state':
        return t(`purifiers.wifi-filter-options.${value}`);
      case 'state':
        return t(`purifiers.states.${value}`);
      case 'model':
        return t(`product-models.${value}`);
      case 'soft_version':
        return value === NO_SOFT_VERSION
          ? t('fleet-view.no-version')
          : t('fleet-view.version', { version: value });
      case 'held':
        return t('fleet-view.held');
      case 'air_below':
        return t('fleet-view.air-below');
      default:
        return t('fleet-view.maintenance-due');
    }
  };
}

function FleetDevices() {
  const { t } = useTranslation();
  const label = useFilterLabel();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') === 'sensor' ? 'sensor' : 'purifier';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: Record<string, string> = {};
  for (const name of FLEET_LIST_FILTERS[kind]) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const query = useListFleetDevicesQuery({ kind, filters, page });
  const devices = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const title = t(kind === 'purifier' ? 'fleet-view.purifiers' : 'fleet-view.sensors');
  const described = Object.entries(filters).map(([name, value]) => label(name, value));

  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    setParams(copy, { replace: true });
  };

  return (
    <div className="page fleet-page">
      <Link to="/fleet" className="back-link">
        ← {t('fleet-view.back')}
      </Link>
      <header className="page-header">
        <div>
          <h1>{described.length > 0 ? `${title} · ${described.join(' · ')}` : title}</h1>
          <p className="page-header__subtitle">
            {query.data ? t('fleet-view.count', { count: total }) : '\u00a0'}
          </p>
        </div>
      </header>
      <ListStates
        query={query}
        total={total}
        errorTitle={t('fleet-view.load-error')}
        retryLabel={t('fleet-view.retry')}
        empty={
          <ListEmpty icon="check">
            <h2>{t('fleet-view.list-empty')}</h2>
          </ListEmpty>
        }
      >
        <div className={query.isFetching ? 'is-refreshing' : undefined}>
          <FleetDeviceTable devices={devices} caption={title} />
        </div>
        <Pagination page={page} total={total} displayed={devices.length} onPage={setPage} />
      </ListStates>
    </div>
  );
}
