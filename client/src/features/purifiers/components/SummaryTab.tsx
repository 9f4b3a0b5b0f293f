import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Purifier } from '@aircloud/shared/purifiers';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { AirChangesCard } from './AirChangesCard.tsx';
import { LinkedSensors } from './LinkedSensors.tsx';
import { ModeControl } from './ModeControl.tsx';
import { MaintenanceLevels } from './MaintenanceLevels.tsx';
import { neverConnected } from './PurifierStatus.tsx';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="stat">
      <span className="stat__label">{label}</span>
      <strong className="stat__value">{value}</strong>
      {hint ? <span className="stat__hint">{hint}</span> : null}
    </div>
  );
}

/**
 * Summary: room volume, TRH and the output they give (volume × TRH, m³/h), maintenance overview,
 * the measured air changes against the TRH, and the sensors linked to it.
 */
export function SummaryTab({ purifier }: { purifier: Purifier }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const volume = purifier.piece_volume;
  const trh = purifier.hourly_recycling_rate;
  const silentTrh = purifier.silent_hourly_recycling_rate;
  const base = `/purifiers/${purifier.ulid}`;
  const { link } = useViewAsUser();

  return (
    <div className="tab-panel">
      <section className="card summary-mode" aria-labelledby="summary-mode-title">
        <h2 className="card__title" id="summary-mode-title">
          {t('purifier.parameters.mode')}
        </h2>
        <ModeControl purifier={purifier} readOnlyMode={false} />
      </section>
      <section className="stats" aria-label={t('purifier.tabs.summary')}>
        <Stat
          label={t('purifier.summary.room-volume')}
          value={
            volume === null
              ? t('purifier.summary.not-set')
              : t('purifier.summary.cubic-metres', { value: n(volume) })
          }
        />
        <Stat
          label={t('purifier.summary.trh')}
          value={t('purifier.summary.trh-value', { value: trh })}
          hint={t('purifier.summary.silent-trh-line', { value: silentTrh })}
        />
        <Stat
          label={t('purifier.summary.output')}
          value={
            volume === null
              ? '—'
              : t('purifier.summary.cubic-metres-per-hour', { value: n(volume * trh) })
          }
          hint={
            volume === null
              ? undefined
              : t('purifier.summary.silent-output-line', { value: n(volume * silentTrh) })
          }
        />
      </section>
      {volume === null ? (
        <p className="notice">
          {t('purifier.summary.volume-missing')}{' '}
          <Link to={link(`${base}/parameters`)}>{t('purifier.summary.set-volume')}</Link>
        </p>
      ) : null}
      <AirChangesCard purifier={purifier} />
      <div className="summary-grid">
        <section className="card">
          <div className="card__head">
            <h2 className="card__title">{t('purifier.summary.maintenance')}</h2>
            <Link to={link(`${base}/maintenance`)}>{t('purifier.summary.maintenance-link')}</Link>
          </div>
          <MaintenanceLevels
            levels={purifier.maintenance_levels}
            unknown={neverConnected(purifier)}
          />
        </section>
        <section className="card">
          <dl className="facts">
            <div>
              <dt>{t('purifier.summary.last-seen')}</dt>
              <dd>
                {purifier.last_seen_at
                  ? formatDateTime(purifier.last_seen_at)
                  : t('purifiers.never-seen')}
              </dd>
            </div>
            <div>
              <dt>{t('purifier.summary.system-date')}</dt>
              <dd>{purifier.system_date ? formatDate(purifier.system_date) : '—'}</dd>
            </div>
            <div>
              <dt>{t('purifier.summary.connected-objects')}</dt>
              <dd>{purifier.count_piece_connected_object}</dd>
            </div>
          </dl>
        </section>
      </div>
      <LinkedSensors purifier={purifier} />
    </div>
  );
}
