import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CleanAirTarget, PurifierEffectiveness } from '@aircloud/shared/effectiveness';
import { useAirFormat } from './airChangesFormat.ts';

function MetPill({ met }: { met: boolean | null }) {
  const { t } = useTranslation();
  if (met === null) return <span className="pill pill--muted">{t('air-changes.met.unknown')}</span>;
  return met ? (
    <span className="pill pill--ok">{t('air-changes.met.yes')}</span>
  ) : (
    <span className="pill pill--warning">{t('air-changes.met.no')}</span>
  );
}

/** One document's targets, each with what it asks for and whether the room meets it. */
function TargetList({ title, targets }: { title: string; targets: CleanAirTarget[] }) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const first = targets[0];
  if (!first) return null;
  return (
    <div className="air-targets">
      <h4 className="air-targets__title">{title}</h4>
      <ul className="air-targets__list">
        {targets.map((target) => {
          const asks =
            target.ach === null
              ? f.lps(target.lps_per_person)
              : t('air-changes.targets.either', {
                  ach: f.ach(target.ach),
                  lps: f.lps(target.lps_per_person),
                });
          return (
            <li key={target.tier} className="air-targets__item">
              <span>
                <strong>{t(`air-changes.tiers.${target.tier}`)}</strong>{' '}
                <span className="muted">
                  {target.source === 'lancet' && target.tier === 'best'
                    ? t('air-changes.targets.above', { value: asks })
                    : asks}
                </span>
              </span>
              <MetPill met={target.met} />
            </li>
          );
        })}
      </ul>
      <p className="air-targets__source small muted">
        {t('air-changes.targets.source')} <cite>{first.reference}</cite>
      </p>
    </div>
  );
}

/**
 * Ventilation (outdoor air from CO2 decays) and the room's equivalent clean air, in air changes
 * per hour and, with occupants, L/s per person, against ASHRAE 241 and the Lancet Commission.
 */
export function CleanAirTargets({
  data,
  parametersTo,
}: {
  data: PurifierEffectiveness;
  /** The purifier's parameters, where the occupants are entered. */
  parametersTo: string;
}) {
  const { t } = useTranslation();
  const f = useAirFormat();
  const mode = t(`purifiers.modes-inline.${data.current_mode}`);
  return (
    <div className="air-clean">
      <h3 className="air-subtitle">{t('air-changes.clean-air-title')}</h3>
      <dl className="facts facts--grid air-clean__facts">
        <div>
          <dt>{t('air-changes.ventilation')}</dt>
          <dd>
            {data.ventilation_ach === null && data.ventilation_needed > 0
              ? t('air-changes.ventilation-needs', { count: data.ventilation_needed })
              : f.ach(data.ventilation_ach)}
          </dd>
          {data.ventilation_ach !== null ? (
            <dd className="muted small">
              {[
                data.ventilation_ach_low === null
                  ? null
                  : t('air-changes.interval', {
                      range: f.range(data.ventilation_ach_low, data.ventilation_ach_high),
                    }),
                data.outdoor_co2_ppm === null
                  ? null
                  : t('air-changes.outdoor-co2', { value: f.n(data.outdoor_co2_ppm, 0) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          ) : null}
        </div>
        <div>
          <dt>{t('air-changes.equivalent', { mode })}</dt>
          <dd>{f.ach(data.equivalent_clean_ach)}</dd>
        </div>
        <div>
          <dt>{t('air-changes.per-person')}</dt>
          {data.occupants === null ? (
            <dd className="small">
              <Link to={parametersTo}>{t('air-changes.set-occupants')}</Link>
            </dd>
          ) : (
            <>
              <dd>{f.lps(data.clean_air_lps_per_person)}</dd>
              <dd className="muted small">
                {t('air-changes.occupants', { count: data.occupants })}
              </dd>
            </>
          )}
        </div>
      </dl>
      <div className="air-targets-grid">
        <TargetList
          title={t('air-changes.targets.ashrae')}
          targets={data.targets.filter((target) => target.source === 'ashrae_241')}
        />
        <TargetList
          title={t('air-changes.targets.lancet')}
          targets={data.targets.filter((target) => target.source === 'lancet')}
        />
      </div>
      {data.occupants === null ? (
        <p className="muted small">{t('air-changes.targets.ashrae-needs-occupants')}</p>
      ) : null}
    </div>
  );
}
