import { useTranslation } from 'react-i18next';
import type { MaintenanceForecast } from '@aircloud/shared/effectiveness';
import { MAINTENANCE_LEVEL_KEYS, type Purifier } from '@aircloud/shared/purifiers';
import { ListError, ListLoading } from '../../../components/ListState.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatNumber, formatPercent } from '../../../lib/numbers.ts';
import { useGetMaintenanceForecastQuery } from '../api/airChangesApi.ts';

/**
 * Below this trend (air changes per hour lost per week) the fall is clear enough to be said in
 * words: a tenth of an air change a week is a filter visibly loading over a month or two.
 */
export const CLEAR_FALL_PER_WEEK = -0.1;

/**
 * When a consumable is due: a date, overdue since a date, due now (at or under the level with no
 * pace to date it), or unknown.
 */
function DueDate({ dueAt, reached, now }: { dueAt: string | null; reached: boolean; now: number }) {
  const { t } = useTranslation();
  if (dueAt === null && reached)
    return <span className="pill pill--alert">{t('maintenance.forecast.due-now')}</span>;
  if (dueAt === null) return <span className="muted">{t('maintenance.forecast.unknown')}</span>;
  if (Date.parse(dueAt) <= now)
    return (
      <span className="pill pill--alert">
        {t('maintenance.forecast.overdue', { date: formatDate(dueAt) })}
      </span>
    );
  return <>{formatDate(dueAt)}</>;
}

/** How the measured air changes in auto move since the last filter replacement. */
function AchTrend({ forecast }: { forecast: MaintenanceForecast }) {
  const { t, i18n } = useTranslation();
  const trend = forecast.ach_trend_per_week;
  if (trend === null)
    return (
      <p className="forecast-trend muted small">
        {t('maintenance.forecast.trend-unknown', { count: forecast.ach_trend_episodes })}
      </p>
    );
  const value = formatNumber(trend, i18n.language, 2);
  const falling = trend <= CLEAR_FALL_PER_WEEK;
  return (
    <p
      className={falling ? 'forecast-trend notice forecast-trend--falling' : 'forecast-trend small'}
    >
      {t('maintenance.forecast.trend', {
        value: trend > 0 ? `+${value}` : value,
        count: forecast.ach_trend_episodes,
      })}
      {falling ? ` ${t('maintenance.forecast.trend-falling')}` : ''}
    </p>
  );
}

/**
 * The replacement forecast of the maintenance tab: per consumable, its pace and the date it
 * reaches the caller's notification level; then the trend of the measured air changes.
 */
export function MaintenanceForecastCard({ purifier }: { purifier: Purifier }) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, refetch } = useGetMaintenanceForecastQuery(purifier.ulid);
  const now = Date.now();
  const col = {
    part: t('maintenance.forecast.columns.part'),
    level: t('maintenance.forecast.columns.level'),
    pace: t('maintenance.forecast.columns.pace'),
    due: t('maintenance.forecast.columns.due'),
  };
  let body;
  if (isLoading) body = <ListLoading compact />;
  else if (!data)
    body = (
      <ListError
        compact
        title={t('maintenance.forecast.load-error')}
        error={error}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
      />
    );
  else
    body = (
      <>
        <p className="muted small">
          {t('maintenance.forecast.intro', {
            level: formatPercent(data.replacement_level, i18n.language),
          })}
        </p>
        <div className="table-wrap">
          <table className="data-table forecast-table">
            <thead>
              <tr>
                <th scope="col">{col.part}</th>
                <th scope="col">{col.level}</th>
                <th scope="col">{col.pace}</th>
                <th scope="col">{col.due}</th>
              </tr>
            </thead>
            <tbody>
              {MAINTENANCE_LEVEL_KEYS.map((key) => {
                const c = data.consumables[key];
                return (
                  <tr key={key}>
                    <th scope="row" data-label={col.part}>
                      {t(`maintenance.level.${key}`)}
                    </th>
                    <td data-label={col.level}>{formatPercent(c.level, i18n.language)}</td>
                    <td data-label={col.pace}>
                      {c.pace_per_day === null
                        ? t('maintenance.forecast.unknown')
                        : c.pace_per_day >= 0
                          ? t('maintenance.forecast.steady')
                          : t('maintenance.forecast.pace', {
                              value: formatNumber(Math.abs(c.pace_per_day), i18n.language, 2),
                            })}
                    </td>
                    <td data-label={col.due}>
                      <DueDate
                        dueAt={c.due_at}
                        reached={c.level <= data.replacement_level}
                        now={now}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <AchTrend forecast={data} />
      </>
    );
  return (
    <section className="card" aria-labelledby="forecast-title">
      <h2 className="card__title" id="forecast-title">
        {t('maintenance.forecast.title')}
      </h2>
      {body}
    </section>
  );
}
