import { memo, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catchError, EMPTY, merge } from 'rxjs';
import { AirQualityBadge } from '../../../components/AirQualityBadge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { withSample } from '../liveTiles.ts';
import type { TileStore } from '../tileStore.ts';
import { RoomAirVerdict } from './RoomAirVerdict.tsx';
import { Sparkline } from './Sparkline.tsx';

/** Follows a tile's sensor and purifiers while the tile is on (or near) the screen. */
function useLiveWhileVisible(store: TileStore, ulid: string, purifiers: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let subscription: { unsubscribe(): void } | null = null;
    const start = () => {
      subscription ??= merge(
        channel$('sensor', ulid).pipe(catchError(() => EMPTY)),
        ...purifiers
          .split(',')
          .filter(Boolean)
          .map((id) => channel$('purifier', id).pipe(catchError(() => EMPTY))),
      ).subscribe((message) => {
        if ('purifier' in message) {
          const { ulid: id, mode, reported_mode, wifi_state } = message.purifier;
          store.updatePurifier(id, { mode, reported_mode, wifi_state });
        } else if (message.type === 'samples') {
          store.update(ulid, (live) => message.event.samples.reduce(withSample, live));
        } else if (message.type === 'snapshot' && message.sensor.last_sample) {
          const sample = message.sensor.last_sample;
          store.update(ulid, (live) => withSample(live, sample));
        }
      });
    };
    const stop = () => {
      subscription?.unsubscribe();
      subscription = null;
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return stop;
    }
    const observer = new IntersectionObserver(
      ([entry]) => (entry?.isIntersecting ? start() : stop()),
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [store, ulid, purifiers]);
  return ref;
}

/**
 * One room: its name, the level its worst measure gives (written and coloured), that measure's
 * value and last hour, the modes of its purifiers and their measured air changes. Re-renders on its own sensor's samples
 * only (memo: a new order of the page moves the tile, it does not render it again).
 */
export const OverviewTile = memo(function OverviewTile({
  store,
  ulid,
}: {
  store: TileStore;
  ulid: string;
}) {
  const { t } = useTranslation();
  const live = useSyncExternalStore(
    (listener) => store.subscribeTile(ulid, listener),
    () => store.get(ulid),
  );
  const ref = useLiveWhileVisible(
    store,
    ulid,
    live?.tile.purifiers.map((p) => p.ulid).join(',') ?? '',
  );
  if (!live) return null;
  const { tile, worst } = live;
  const measure = worst?.measure ?? 'co2';
  const series = tile.sparkline.values[measure];
  const level = worst?.level;
  const titleId = `overview-tile-${ulid}`;
  return (
    <article
      ref={ref}
      className="overview-tile"
      data-level={level ?? 'none'}
      aria-labelledby={titleId}
    >
      <header className="overview-tile__header">
        <h2 id={titleId} className="overview-tile__name">
          <Link to={`/sensors/${ulid}`}>{tile.short_name || tile.name}</Link>
        </h2>
        <span className="overview-tile__level">
          {level ? t(`sensors.air-quality.${level}`) : t('overview.no-data')}
        </span>
      </header>
      {worst ? (
        <p className="overview-tile__reading">
          <AirQualityBadge measure={worst.measure} value={worst.value} named withLevel={false} />
        </p>
      ) : (
        <p className="overview-tile__reading muted">
          {tile.last_seen_at
            ? t('overview.no-levelled', { date: formatDateTime(tile.last_seen_at) })
            : t('sensors.never-seen')}
        </p>
      )}
      {series ? <Sparkline measure={measure} values={series} /> : null}
      {tile.wifi_state === 'disconnected' ? (
        <p className="overview-tile__offline">
          {t('overview.offline', { date: formatDateTime(tile.last_seen_at) })}
        </p>
      ) : null}
      {tile.purifiers.length > 0 ? (
        <ul className="overview-tile__purifiers" aria-label={t('overview.purifiers')}>
          {tile.purifiers.map((p) => (
            <li key={p.ulid}>
              <span className="overview-tile__purifier-name">{p.name}</span>
              <span className="overview-tile__mode">
                {p.reported_mode && p.reported_mode !== p.mode
                  ? t('overview.mode-pending', {
                      desired: t(`purifiers.modes-inline.${p.mode}`),
                      reported: t(`purifiers.modes-inline.${p.reported_mode}`),
                    })
                  : t(`purifiers.modes.${p.mode}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <RoomAirVerdict purifiers={tile.purifiers} />
    </article>
  );
});
