import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  DECAY_KINDS,
  type DecayEpisode,
  type DecayEpisodeDetail,
  type DecayKind,
} from '@aircloud/shared/effectiveness';
import type { Purifier } from '@aircloud/shared/purifiers';
import { ListError, ListLoading, ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useGetDecayEpisodeQuery, useListDecayEpisodesQuery } from '../api/airChangesApi.ts';
import { durationMinutes, useAirFormat } from './airChangesFormat.ts';
import { DecayChart } from './DecayChart.tsx';

/** Kept, or discarded with its reason in words. */
function EpisodeStatus({ episode }: { episode: DecayEpisode }) {
  const { t } = useTranslation();
  if (episode.kept) return <span className="pill pill--ok">{t('air-changes.episodes.kept')}</span>;
  return (
    <span className="pill pill--muted">
      {t('air-changes.episodes.discarded-because', {
        reason: t(`air-changes.reasons.${episode.reason ?? 'unknown'}`),
      })}
    </span>
  );
}

/** The episode drawn, with its figures. */
function EpisodeFigures({ episode }: { episode: DecayEpisodeDetail }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const unit = t(`air-changes.units.${episode.kind}`);
  return (
    <dl className="facts facts--grid decay-facts">
      <div>
        <dt>{t('air-changes.episodes.rate')}</dt>
        <dd>
          {episode.rate === null ? '—' : t('air-changes.per-hour', { value: f.n(episode.rate, 2) })}
        </dd>
      </div>
      <div>
        <dt>{t('air-changes.episodes.r2')}</dt>
        <dd>{f.r2(episode.r2)}</dd>
      </div>
      <div>
        <dt>{t('air-changes.episodes.mode')}</dt>
        <dd>{episode.mode ? t(`purifiers.modes.${episode.mode}`) : t('air-changes.unknown')}</dd>
      </div>
      <div>
        <dt>{t('air-changes.episodes.duration')}</dt>
        <dd>
          {t('air-changes.chart.minutes', { value: durationMinutes(episode.start, episode.end) })}
        </dd>
      </div>
      <div>
        <dt>{t('air-changes.episodes.peak-background')}</dt>
        <dd>
          {t('air-changes.episodes.peak-background-value', {
            peak: f.n(episode.peak),
            background: f.n(episode.background),
            unit,
          })}
        </dd>
      </div>
      <div>
        <dt>{t('air-changes.episodes.status')}</dt>
        <dd>
          <EpisodeStatus episode={episode} />
        </dd>
      </div>
    </dl>
  );
}

/** The decay drawn: the one chosen in the list, else the latest kept PM2.5 decay. */
function DrawnEpisode({ ulid, id, chosen }: { ulid: string; id: string | null; chosen: boolean }) {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetDecayEpisodeQuery(
    id ? { ulid, id } : skipToken,
  );
  let body;
  if (!id) body = <p className="muted">{t('air-changes.episodes.no-kept')}</p>;
  else if (isLoading) body = <ListLoading compact />;
  else if (!data)
    body = (
      <ListError
        compact
        title={t('air-changes.episodes.detail-error')}
        error={error}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
      />
    );
  else
    body = (
      <div className={isFetching ? 'is-refreshing' : undefined}>
        <DecayChart episode={data} />
        <EpisodeFigures episode={data} />
      </div>
    );
  return (
    <section className="card" aria-labelledby="decay-drawn-title" aria-live="polite">
      <h2 className="card__title" id="decay-drawn-title">
        {chosen && data
          ? t('air-changes.episodes.drawn-title', {
              kind: t(`air-changes.kinds.${data.kind}`),
              date: formatDateTime(data.start),
            })
          : t('air-changes.episodes.latest-title')}
      </h2>
      {body}
    </section>
  );
}

type KeptFilter = '' | 'true' | 'false';

/**
 * The decays a purifier's measured air changes come from (/purifiers/:ulid/air-changes): one
 * drawn on a log scale with its fitted line, then every episode, kept or discarded with why.
 */
export function AirChangesDecays({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const { link } = useViewAsUser();
  const ulid = purifier.ulid;
  const [kind, setKind] = useState<DecayKind | ''>('');
  const [kept, setKept] = useState<KeptFilter>('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const latest = useListDecayEpisodesQuery({ ulid, kind: 'pm25', kept: 'true', page: 1 });
  const list = useListDecayEpisodesQuery({
    ulid,
    kind: kind || undefined,
    kept: kept || undefined,
    page,
  });
  const episodes = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'] ?? 0;
  const drawn = chosen ?? latest.data?.['hydra:member'][0]?.id ?? null;
  const filtered = kind !== '' || kept !== '';
  const col = {
    start: t('air-changes.episodes.start'),
    kind: t('air-changes.episodes.kind'),
    mode: t('air-changes.episodes.mode'),
    duration: t('air-changes.episodes.duration'),
    rate: t('air-changes.episodes.rate'),
    r2: t('air-changes.episodes.r2'),
    status: t('air-changes.episodes.status'),
  };

  return (
    <div className="tab-panel air-decays">
      <Link to={link(`/purifiers/${ulid}/summary`)} className="back-link">
        ← {t('air-changes.back')}
      </Link>
      <div>
        <h2 className="air-decays__title">{t('air-changes.episodes.title')}</h2>
        <p className="muted">{t('air-changes.episodes.intro')}</p>
      </div>
      {latest.isLoading ? (
        <ListLoading compact />
      ) : (
        <DrawnEpisode ulid={ulid} id={drawn} chosen={chosen !== null} />
      )}
      <section className="card" aria-labelledby="decay-list-title">
        <div className="card__head">
          <h2 className="card__title" id="decay-list-title">
            {t('air-changes.episodes.list-title')}
          </h2>
          <div className="decay-filters">
            <label className="decay-filters__field">
              <span className="field__label">{t('air-changes.episodes.kind')}</span>
              <select
                className="input"
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as DecayKind | '');
                  setPage(1);
                }}
              >
                <option value="">{t('air-changes.episodes.all')}</option>
                {DECAY_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`air-changes.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="decay-filters__field">
              <span className="field__label">{t('air-changes.episodes.status')}</span>
              <select
                className="input"
                value={kept}
                onChange={(e) => {
                  setKept(e.target.value as KeptFilter);
                  setPage(1);
                }}
              >
                <option value="">{t('air-changes.episodes.all')}</option>
                <option value="true">{t('air-changes.episodes.kept')}</option>
                <option value="false">{t('air-changes.episodes.discarded')}</option>
              </select>
            </label>
          </div>
        </div>
        <ListStates
          compact
          query={list}
          total={total}
          errorTitle={t('air-changes.episodes.load-error')}
          retryLabel={t('purifiers.retry')}
          empty={
            filtered ? (
              <p className="muted">{t('air-changes.episodes.none-filtered')}</p>
            ) : (
              <div className="list-state list-state--compact">
                <h3>{t('air-changes.episodes.empty-title')}</h3>
                <p className="muted">{t('air-changes.episodes.empty-text')}</p>
              </div>
            )
          }
        >
          <div className={`table-wrap${list.isFetching ? ' is-refreshing' : ''}`}>
            <table className="data-table decay-table">
              <thead>
                <tr>
                  <th scope="col">{col.start}</th>
                  <th scope="col">{col.kind}</th>
                  <th scope="col">{col.mode}</th>
                  <th scope="col">{col.duration}</th>
                  <th scope="col">{col.rate}</th>
                  <th scope="col">{col.r2}</th>
                  <th scope="col">{col.status}</th>
                  <th scope="col" className="cell-actions">
                    <span className="visually-hidden">{t('air-changes.episodes.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {episodes.map((episode) => (
                  <tr key={episode.id} aria-current={episode.id === drawn ? 'true' : undefined}>
                    <td data-label={col.start} className="nowrap">
                      {formatDateTime(episode.start)}
                    </td>
                    <td data-label={col.kind}>{t(`air-changes.kinds.${episode.kind}`)}</td>
                    <td data-label={col.mode}>
                      {episode.mode ? t(`purifiers.modes.${episode.mode}`) : '—'}
                    </td>
                    <td data-label={col.duration}>
                      {t('air-changes.chart.minutes', {
                        value: durationMinutes(episode.start, episode.end),
                      })}
                    </td>
                    <td data-label={col.rate}>
                      {episode.rate === null
                        ? '—'
                        : t('air-changes.per-hour', { value: f.n(episode.rate, 2) })}
                    </td>
                    <td data-label={col.r2}>{f.r2(episode.r2)}</td>
                    <td data-label={col.status}>
                      <EpisodeStatus episode={episode} />
                    </td>
                    <td className="cell-actions">
                      <button
                        type="button"
                        className="btn btn--secondary btn--compact"
                        aria-pressed={episode.id === drawn}
                        aria-label={t('air-changes.episodes.draw-label', {
                          kind: t(`air-changes.kinds.${episode.kind}`),
                          date: formatDateTime(episode.start),
                        })}
                        onClick={() => setChosen(episode.id)}
                      >
                        {t('air-changes.episodes.draw')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} total={total} displayed={episodes.length} onPage={setPage} />
        </ListStates>
      </section>
    </div>
  );
}
