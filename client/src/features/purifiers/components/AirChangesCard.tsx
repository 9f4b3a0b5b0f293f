import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PurifierEffectiveness } from '@aircloud/shared/effectiveness';
import type { Purifier } from '@aircloud/shared/purifiers';
import { ListError, ListLoading } from '../../../components/ListState.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useViewAsUser } from '../../../lib/navigation/viewAsUser.ts';
import { useGetEffectivenessQuery } from '../api/airChangesApi.ts';
import { useAirFormat, VERDICT_TONE } from './airChangesFormat.ts';
import { AirChangesModes } from './AirChangesModes.tsx';
import { CleanAirTargets } from './CleanAirTargets.tsx';

/** The current mode's measured air changes beside its target, with the verdict and its interval. */
function CurrentMode({ data }: { data: PurifierEffectiveness }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const mode = data.current_mode;
  const figures = data.modes[mode];
  const modeName = t(`purifiers.modes-inline.${mode}`);
  const target = mode === 'silence' ? data.target_silent_ach : data.target_ach;
  const configured = data.room_volume_m3 === null ? null : data.room_volume_m3 * target;
  return (
    <div className="air-current">
      <p className="air-current__mode">{t('air-changes.current-mode', { mode: modeName })}</p>
      <div className="air-figures">
        <div className="air-figure">
          <span className="air-figure__label">{t('air-changes.measured')}</span>
          <strong className="air-figure__value">{f.ach(figures.ach)}</strong>
          <span className={VERDICT_TONE[figures.verdict]}>
            {t(`air-changes.verdicts.${figures.verdict}`)}
          </span>
        </div>
        {mode === 'off' ? null : (
          <>
            <div className="air-figure">
              <span className="air-figure__label">
                {t(mode === 'silence' ? 'air-changes.target-silent' : 'air-changes.target')}
              </span>
              <strong className="air-figure__value">{f.ach(target)}</strong>
            </div>
            <div className="air-figure">
              <span className="air-figure__label">{t('air-changes.delivery')}</span>
              <strong className="air-figure__value">{f.m3h(figures.cadr_m3h)}</strong>
              <span className="air-figure__hint">
                {configured === null
                  ? t('air-changes.delivery-no-volume')
                  : t('air-changes.delivery-configured', { value: f.m3h(configured) })}
              </span>
            </div>
          </>
        )}
      </div>
      <p className="air-current__verdict">
        {figures.verdict === 'not_enough_data'
          ? t('air-changes.needs', { count: figures.needed, mode: modeName })
          : mode === 'off'
            ? t('air-changes.off-natural')
            : figures.ach_low === null
              ? null
              : t(
                  !figures.conclusive
                    ? 'air-changes.interval-inconclusive'
                    : figures.verdict === 'below'
                      ? 'air-changes.interval-conclusive-below'
                      : 'air-changes.interval-conclusive-meets',
                  { range: f.range(figures.ach_low, figures.ach_high) },
                )}
      </p>
    </div>
  );
}

/** Why nothing can be shown yet: no linked sensor, or the readings not examined yet. */
function NotMeasured({ data }: { data: PurifierEffectiveness }) {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  if (data.sensors === 0) {
    return (
      <div className="air-empty">
        <p>{t('air-changes.no-sensor')}</p>
        <p className="muted small">
          {t('air-changes.no-sensor-how')}{' '}
          <Link to={link('/sensors')}>{t('air-changes.to-sensors')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="air-empty">
      <p>{t('air-changes.not-examined')}</p>
    </div>
  );
}

/**
 * Measured air changes (issue 25) on the purifier's summary: what its room's linked sensors show
 * of its work in the current mode against its TRH, every mode, and the room's clean air against
 * ASHRAE 241 and the Lancet Commission. Links to the decays the figures come from.
 */
export function AirChangesCard({ purifier }: { purifier: Purifier }) {
  const { t } = useTranslation();
  const { link } = useViewAsUser();
  const { data, error, isLoading, refetch } = useGetEffectivenessQuery(purifier.ulid);
  const base = `/purifiers/${purifier.ulid}`;

  let body;
  if (isLoading) body = <ListLoading compact />;
  else if (!data)
    body = (
      <ListError
        compact
        title={t('air-changes.load-error')}
        error={error}
        retryLabel={t('purifiers.retry')}
        onRetry={() => void refetch()}
      />
    );
  else if (data.sensors === 0 || data.updated_at === null) body = <NotMeasured data={data} />;
  else
    body = (
      <>
        <CurrentMode data={data} />
        <AirChangesModes data={data} />
        <CleanAirTargets data={data} parametersTo={link(`${base}/parameters`)} />
        <p className="muted small air-updated">
          {t('air-changes.updated', {
            date: formatDateTime(data.updated_at),
            days: data.window_days,
          })}
        </p>
      </>
    );

  return (
    <section className="card air-changes" aria-labelledby="air-changes-title">
      <div className="card__head">
        <h2 className="card__title" id="air-changes-title">
          {t('air-changes.title')}
        </h2>
        {data && data.sensors > 0 ? (
          <Link to={link(`${base}/air-changes`)}>{t('air-changes.see-decays')}</Link>
        ) : null}
      </div>
      {body}
    </section>
  );
}
