import { useTranslation } from 'react-i18next';
import type { PurifierEffectiveness } from '@aircloud/shared/effectiveness';
import { PURIFIER_MODES } from '@aircloud/shared/purifiers';
import { useAirFormat, VERDICT_TONE } from './airChangesFormat.ts';

/**
 * The four modes side by side: measured air changes, interval, target, kept decays and verdict;
 * then the natural rate the purifier's share is measured over.
 */
export function AirChangesModes({ data }: { data: PurifierEffectiveness }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const col = {
    mode: t('air-changes.columns.mode'),
    measured: t('air-changes.columns.measured'),
    interval: t('air-changes.columns.interval'),
    target: t('air-changes.columns.target'),
    decays: t('air-changes.columns.decays'),
    verdict: t('air-changes.columns.verdict'),
  };
  return (
    <div className="air-modes">
      <h3 className="air-caption" id="air-modes-caption">
        {t('air-changes.modes-caption', { days: data.window_days })}
      </h3>
      <div className="table-wrap">
        <table className="data-table air-modes__table" aria-labelledby="air-modes-caption">
          <thead>
            <tr>
              <th scope="col">{col.mode}</th>
              <th scope="col">{col.measured}</th>
              <th scope="col">{col.interval}</th>
              <th scope="col">{col.target}</th>
              <th scope="col">{col.decays}</th>
              <th scope="col">{col.verdict}</th>
            </tr>
          </thead>
          <tbody>
            {PURIFIER_MODES.map((mode) => {
              const m = data.modes[mode];
              return (
                <tr key={mode} aria-current={mode === data.current_mode ? 'true' : undefined}>
                  <th scope="row" data-label={col.mode}>
                    {t(`purifiers.modes.${mode}`)}
                  </th>
                  <td data-label={col.measured}>{f.ach(m.ach)}</td>
                  <td data-label={col.interval} className="nowrap">
                    {f.range(m.ach_low, m.ach_high)}
                  </td>
                  <td data-label={col.target}>{f.ach(m.target_ach)}</td>
                  <td data-label={col.decays}>{m.episodes}</td>
                  <td data-label={col.verdict}>
                    <span className={VERDICT_TONE[m.verdict]}>
                      {m.verdict === 'not_enough_data'
                        ? t('air-changes.needs-short', { count: m.needed })
                        : t(`air-changes.verdicts.${m.verdict}`)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        {data.natural_ach_source === 'measured' && data.natural_ach !== null
          ? t('air-changes.natural-measured', { value: f.ach(data.natural_ach) })
          : t('air-changes.natural-default')}
      </p>
    </div>
  );
}
