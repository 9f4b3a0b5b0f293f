import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../../lib/navigation/useListQuery.ts';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import type { Purifier } from '@aircloud/shared/purifiers';
import { PURIFIER_STATES, WIFI_STATES } from '@aircloud/shared/purifier-states';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { purifierListArgs, useListPurifiersQuery } from '../api/purifiersApi.ts';
import { useLiveRoomAir } from '../hooks/useLiveRoomAir.ts';
import { usePurifierListStream } from '../hooks/usePurifierListStream.ts';
import { AirQualityBadge } from '../../../components/AirQualityBadge.tsx';
import { ModeControl } from './ModeControl.tsx';
import { neverConnected, PurifierStatePill, WifiStatus } from './PurifierStatus.tsx';
import '../purifiers.css';

// The add-product form (its schema and form library) loads when opened, not with the list.
const AddProductPopin = lazy(() =>
  import('./AddProductPopin.tsx').then((m) => ({ default: m.AddProductPopin })),
);

/** Filters of the list, kept in the URL query (`user` is kept as it came: admin view-as-user). */
function usePurifierFilters() {
  const { params, update } = useListQuery();
  // The same arguments as the list the route's loader started (purifierListArgs).
  const { page, ...filters } = purifierListArgs(params);
  return { filters, page, update };
}

/**
 * The room's air on a card: the linked sensors' worst levelled reading, and which sensor, live
 * (a sample re-renders this line only).
 */
function RoomAir({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const air = useLiveRoomAir(purifier);
  if (!air) return <p className="purifier-card__air muted">{t('purifiers.air.none')}</p>;
  return (
    <p className="purifier-card__air">
      <AirQualityBadge measure={air.measure} value={air.value} named />
      <span className="purifier-card__air-sensor">
        {t('purifiers.air.from', { name: air.sensor_name })}
      </span>
    </p>
  );
}

function PurifierCard({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  // In the admin's view-as-user mode the detail keeps `?user=`.
  const { link } = useViewAsUser();
  return (
    <li className="device-card purifier-card">
      <div className="device-card__head">
        <span className="purifier-card__icon" aria-hidden="true">
          <Icon name="purifier" size={22} />
        </span>
        <div className="device-card__title">
          <Link
            className="device-card__link purifier-card__link"
            to={link(`/purifiers/${purifier.ulid}/summary`)}
            aria-label={t('purifiers.open', { name: purifier.name })}
          >
            {purifier.name}
          </Link>
          <span className="purifier-card__serial">{purifier.serial_number}</span>
          <span className="purifier-card__model">{t(`product-models.${purifier.model}`)}</span>
        </div>
      </div>
      <div className="purifier-card__facts">
        <div className="purifier-card__row">
          <PurifierStatePill state={purifier.state} waiting={neverConnected(purifier)} />
          <WifiStatus state={purifier.wifi_state} />
        </div>
        <RoomAir purifier={purifier} />
        <ModeControl purifier={purifier} />
      </div>
    </li>
  );
}

/** The purifier list (home): search, network and device-state filters, add a product. */
export function PurifierListPage() {
  const { t } = useTranslation();
  const { filters, page, update } = usePurifierFilters();
  const [adding, setAdding] = useState(false);
  const listArgs = { ...filters, page };
  const query = useListPurifiersQuery(listArgs);
  const purifiers = query.data?.['hydra:member'] ?? [];
  // The shown page follows its purifiers live (network state, mode, maintenance).
  usePurifierListStream(
    purifiers.map((p) => p.ulid),
    listArgs,
  );
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const filtered = Boolean(filters.search || filters.wifi_state || filters.state);
  const viewingOther = Boolean(filters.user);

  const content = (
    <ListStates
      query={query}
      total={total}
      errorTitle={t('purifiers.load-error')}
      retryLabel={t('purifiers.retry')}
      empty={
        <ListEmpty icon="purifier">
          {filtered ? (
            <>
              <h2>{t('purifiers.empty.no-match')}</h2>
              <Button
                variant="secondary"
                onClick={() =>
                  update({ search: undefined, wifi_state: undefined, state: undefined })
                }
              >
                {t('purifiers.empty.clear-filters')}
              </Button>
            </>
          ) : (
            <>
              <h2>{t('purifiers.empty.title')}</h2>
              {viewingOther ? null : (
                <>
                  <p className="muted">{t('purifiers.empty.text')}</p>
                  <Button onClick={() => setAdding(true)}>
                    <Icon name="plus" size={18} />
                    {t('purifiers.add.button')}
                  </Button>
                </>
              )}
            </>
          )}
        </ListEmpty>
      }
    >
      <ul className={`purifier-grid${query.isFetching ? ' is-refreshing' : ''}`}>
        {purifiers.map((purifier) => (
          <PurifierCard key={purifier.ulid} purifier={purifier} />
        ))}
      </ul>
      <Pagination
        page={page}
        total={total}
        displayed={purifiers.length}
        onPage={(next) => update({ page: next })}
      />
    </ListStates>
  );

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t(viewingOther ? 'purifiers.title-of-user' : 'purifiers.title')}</h1>
          {viewingOther ? null : <p className="page-header__subtitle">{t('purifiers.subtitle')}</p>}
        </div>
        {viewingOther ? null : (
          <Button onClick={() => setAdding(true)}>
            <Icon name="plus" size={18} />
            {t('purifiers.add.button')}
          </Button>
        )}
      </header>
      <div className="toolbar">
        <SearchInput
          value={filters.search ?? ''}
          label={t('purifiers.search')}
          onSearch={(search) => update({ search })}
        />
        <label className="visually-hidden" htmlFor="pu-wifi">
          {t('purifiers.wifi-filter')}
        </label>
        <select
          id="pu-wifi"
          className="input"
          value={filters.wifi_state ?? ''}
          onChange={(event) => update({ wifi_state: event.target.value })}
        >
          <option value="">{t('purifiers.all-wifi')}</option>
          {WIFI_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`purifiers.wifi-filter-options.${state}`)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor="pu-state">
          {t('purifiers.state-filter')}
        </label>
        <select
          id="pu-state"
          className="input"
          value={filters.state ?? ''}
          onChange={(event) => update({ state: event.target.value })}
        >
          <option value="">{t('purifiers.all-states')}</option>
          {PURIFIER_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`purifiers.states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      {content}
      <Suspense fallback={null}>
        {adding ? <AddProductPopin open onClose={() => setAdding(false)} /> : null}
      </Suspense>
    </div>
  );
}
