import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/ListState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { useListAlertTriggersQuery } from '../api/alertRulesApi.ts';

/**
 * The history of a sensor's rules, newest first and paged: date (DD/MM/YYYY HH:mm, Paris),
 * trigger or stop, measure, value, threshold, mode and purifiers. Live: a trigger pushed for the
 * sensor refreshes it (streams/alertTriggers.ts).
 */
export function AlertHistory({ sensor }: { sensor: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useListAlertTriggersQuery({
    sensor,
    page,
  });
  const entries = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const number = (value: number | null) =>
    value === null ? '—' : formatNumber(value, i18n.language);

  const body = (
    <ListStates
      compact
      query={{ isLoading, error, data, refetch }}
      total={total}
      errorTitle={t('alert-rules.history.load-error')}
      retryLabel={t('alert-rules.retry')}
      empty={<p className="muted history-empty">{t('alert-rules.history.empty')}</p>}
    >
      <>
        <div className={`table-wrap${isFetching ? ' is-refreshing' : ''}`}>
          <table className="data-table alert-history">
            <thead>
              <tr>
                <th>{t('alert-rules.history.columns.date')}</th>
                <th>{t('alert-rules.history.columns.event')}</th>
                <th>{t('alert-rules.history.columns.measure')}</th>
                <th>{t('alert-rules.history.columns.value')}</th>
                <th>{t('alert-rules.history.columns.threshold')}</th>
                <th>{t('alert-rules.history.columns.mode')}</th>
                <th>{t('alert-rules.history.columns.purifiers')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-kind={entry.kind}>
                  <td className="nowrap">{formatDateTime(entry.at)}</td>
                  <td>
                    <span
                      className={`pill ${entry.kind === 'trigger' ? 'pill--alert' : 'pill--ok'}`}
                    >
                      {t(`alert-rules.history.kind.${entry.kind}`)}
                    </span>
                  </td>
                  <td>{t(`sensor.measures.${entry.measure}`)}</td>
                  <td className="nowrap">
                    {number(entry.value)} {entry.value === null ? '' : entry.unit}
                  </td>
                  <td className="nowrap">
                    {number(entry.threshold)} {entry.unit}
                  </td>
                  <td>{t(`purifiers.modes.${entry.mode}`)}</td>
                  <td>{entry.purifiers.map((p) => p.name).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {total > entries.length || page > 1 ? (
          <Pagination page={page} total={total} displayed={entries.length} onPage={setPage} />
        ) : null}
      </>
    </ListStates>
  );

  return (
    <section className="card">
      <div className="card__head">
        <h2 className="card__title">{t('alert-rules.history.title')}</h2>
      </div>
      {body}
    </section>
  );
}
