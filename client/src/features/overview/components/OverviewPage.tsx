import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AIR_QUALITY_LEVELS, levelRank } from '@aircloud/shared/air-quality';
import { OVERVIEW_CYCLE_MS } from '@aircloud/shared/sensor-overview';
import { Button } from '../../../components/Button.tsx';
import { ListEmpty, ListStates } from '../../../components/ListState.tsx';
import { useGetSensorOverviewQuery } from '../api/overviewApi.ts';
import { tileLevel, type LiveTile, type TileLevel } from '../liveTiles.ts';
import { TileStore } from '../tileStore.ts';
import { OverviewTile } from './OverviewTile.tsx';
import '../overview.css';

const FILTERS = ['all', ...AIR_QUALITY_LEVELS, 'none'] as const;
type Filter = (typeof FILTERS)[number];
/** The list refreshes this often (new sensors, purifiers of tiles off screen, fresh hours). */
const REFRESH_MS = 60_000;
/** A tile's room on a wall screen, to count how many fit a page. */
const TILE_WIDTH = 300;
const TILE_HEIGHT = 230;

/** Worst first (rooms without data last), then by name: a steady order on a wall. */
function worstFirst(a: LiveTile, b: LiveTile): number {
  const rank = (l: LiveTile) => (l.worst ? levelRank(l.worst.level) : -1);
  return (
    rank(b) - rank(a) ||
    (a.tile.short_name || a.tile.name).localeCompare(b.tile.short_name || b.tile.name)
  );
}

/** How many tiles fill the screen in the display mode. */
function tilesPerScreen(): number {
  const columns = Math.max(1, Math.floor(window.innerWidth / TILE_WIDTH));
  const rows = Math.max(1, Math.floor((window.innerHeight - 96) / TILE_HEIGHT));
  return columns * rows;
}

/**
 * /overview: every room the user may see as a tile, worst first, filtered by level, live; a
 * display mode fills the screen and turns the pages by itself (a wall screen).
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const query = useGetSensorOverviewQuery(undefined, { pollingInterval: REFRESH_MS });
  const [store] = useState(() => new TileStore());
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: Filter = FILTERS.includes(searchParams.get('level') as Filter)
    ? (searchParams.get('level') as Filter)
    : 'all';
  useEffect(() => {
    if (query.data) store.reset(query.data['hydra:member']);
  }, [store, query.data]);
  const version = useSyncExternalStore(store.subscribeOrder, store.orderVersion);
  const ordered = useMemo(
    () => store.all().sort(worstFirst),
    // The order changes when a tile changes level (the version), not on every sample.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, version],
  );
  const counts = useMemo(() => {
    const byLevel = Object.fromEntries(FILTERS.map((f) => [f, 0])) as Record<Filter, number>;
    for (const live of ordered) byLevel[tileLevel(live) as TileLevel] += 1;
    byLevel.all = ordered.length;
    return byLevel;
  }, [ordered]);
  const shown = filter === 'all' ? ordered : ordered.filter((l) => tileLevel(l) === filter);

  // The display mode: full screen where the browser allows it, pages turning by themselves.
  const container = useRef<HTMLDivElement>(null);
  const [display, setDisplay] = useState(false);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(12);
  const pages = Math.max(1, Math.ceil(shown.length / perPage));
  useEffect(() => {
    if (!display) return;
    const fit = () => setPerPage(tilesPerScreen());
    fit();
    window.addEventListener('resize', fit);
    const timer = window.setInterval(() => setPage((p) => p + 1), OVERVIEW_CYCLE_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDisplay(false);
    };
    const onFullscreen = () => {
      if (!document.fullscreenElement) setDisplay(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.removeEventListener('resize', fit);
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
      window.clearInterval(timer);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [display]);
  const enterDisplay = () => {
    setPage(0);
    setDisplay(true);
    void container.current?.requestFullscreen?.().catch(() => undefined);
  };
  const current = page % pages;
  const visible = display ? shown.slice(current * perPage, (current + 1) * perPage) : shown;
  const total = query.data?.['hydra:totalItems'] ?? 0;

  return (
    <div
      ref={container}
      className={display ? 'page overview overview--display' : 'page overview'}
      data-testid="overview"
    >
      <header className="page-header">
        <div>
          <h1 tabIndex={-1}>{t('overview.title')}</h1>
          {display ? (
            <p className="page-header__subtitle">
              {t('overview.display-page', { page: current + 1, pages })}
            </p>
          ) : (
            <p className="page-header__subtitle">{t('overview.subtitle')}</p>
          )}
        </div>
        {display ? (
          <Button variant="secondary" onClick={() => setDisplay(false)}>
            {t('overview.display-exit')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={enterDisplay} disabled={shown.length === 0}>
            {t('overview.display')}
          </Button>
        )}
      </header>
      <ListStates
        query={query}
        total={total}
        errorTitle={t('overview.load-error')}
        retryLabel={t('sensor.retry')}
        empty={
          <ListEmpty icon="wifi">
            <h2>{t('overview.empty.title')}</h2>
            <p className="muted">{t('overview.empty.text')}</p>
            <Link className="button button--secondary" to="/sensors">
              {t('overview.empty.sensors')}
            </Link>
          </ListEmpty>
        }
      >
        {display ? null : (
          <div className="overview-filters" role="radiogroup" aria-label={t('overview.filter')}>
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                role="radio"
                aria-checked={filter === f}
                className="overview-filter"
                data-level={f}
                onClick={() =>
                  setSearchParams(
                    (params) => {
                      if (f === 'all') params.delete('level');
                      else params.set('level', f);
                      return params;
                    },
                    { replace: true },
                  )
                }
              >
                {f === 'all'
                  ? t('overview.all')
                  : f === 'none'
                    ? t('overview.no-data')
                    : t(`sensors.air-quality.${f}`)}{' '}
                <span className="overview-filter__count">{counts[f]}</span>
              </button>
            ))}
          </div>
        )}
        {total > ordered.length ? (
          <p className="muted">{t('overview.capped', { shown: ordered.length, total })}</p>
        ) : null}
        {shown.length === 0 ? (
          <p className="overview-none muted">{t('overview.none-at-level')}</p>
        ) : (
          <div className="overview-grid">
            {visible.map((live) => (
              <OverviewTile key={live.tile.ulid} store={store} ulid={live.tile.ulid} />
            ))}
          </div>
        )}
      </ListStates>
    </div>
  );
}
