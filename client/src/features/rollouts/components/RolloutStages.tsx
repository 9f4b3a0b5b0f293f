import { useTranslation } from 'react-i18next';
import type { FirmwareRollout, RolloutStage } from '@aircloud/shared/firmware-rollouts';
import { canarySuccessRate, percentText } from '../rolloutText.ts';

type StageState = 'done' | 'current' | 'waiting';

/** Where each stage stands: the canary is done once the rest has started. */
function stageState(rollout: FirmwareRollout, stage: RolloutStage): StageState {
  if (rollout.status === 'completed') return 'done';
  if (stage === 'canary') return rollout.stage === 'canary' ? 'current' : 'done';
  return rollout.stage === 'rest' ? 'current' : 'waiting';
}

/**
 * A value against its limit as a short bar with the limit marked (decorative: the sentence next
 * to it says both numbers and which side of the limit the value is).
 */
function Gauge({ value, limit, bad }: { value: number; limit: number; bad: boolean }) {
  return (
    <span className="rollout-gauge" aria-hidden="true">
      <span
        className={`rollout-gauge__value${bad ? ' is-bad' : ''}`}
        style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
      />
      <span className="rollout-gauge__limit" style={{ left: `${Math.min(100, limit)}%` }} />
    </span>
  );
}

/**
 * The two stages (the canary share, then the rest in waves) with where each stands, the canary's
 * success rate against its threshold and the failure rate against the maximum.
 */
export function RolloutStages({ rollout }: { rollout: FirmwareRollout }) {
  const { t, i18n } = useTranslation();
  const pct = (value: number) => percentText(value, i18n.language);
  const canaryRate = canarySuccessRate(rollout);
  const canaryDone = rollout.canary.succeeded + rollout.canary.failed + rollout.canary.timed_out;
  const canaryFinished = canaryDone + rollout.canary.cancelled >= rollout.canary.total;
  const under = canaryRate !== null && canaryFinished && canaryRate < rollout.success_threshold;
  const over = rollout.failure_rate > rollout.max_failure_rate;
  const stages: { stage: RolloutStage; text: string }[] = [
    {
      stage: 'canary',
      text: t('rollouts.detail.canary-stage', {
        percent: rollout.canary_percent,
        count: rollout.canary.total,
      }),
    },
    { stage: 'rest', text: t('rollouts.detail.rest-stage', { wave: rollout.wave_size }) },
  ];

  return (
    <section className="card rollout-card" aria-labelledby="rollout-stages">
      <h2 className="card__title" id="rollout-stages">
        {t('rollouts.detail.stages')}
      </h2>
      <ol className="rollout-stages">
        {stages.map(({ stage, text }) => {
          const state = stageState(rollout, stage);
          return (
            <li
              key={stage}
              className="rollout-stages__stage"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="rollout-stages__marker" aria-hidden="true" />
              <span className="rollout-stages__text">
                <strong>{text}</strong>
                <span className="small muted">{t(`rollouts.detail.stage-states.${state}`)}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <dl className="facts rollout-rates">
        <div>
          <dt>{t('rollouts.detail.canary-results')}</dt>
          <dd>
            {canaryRate === null ? (
              t('rollouts.detail.canary-results-pending', {
                done: canaryDone,
                total: rollout.canary.total,
                threshold: rollout.success_threshold,
              })
            ) : (
              <>
                {t('rollouts.detail.canary-results-value', {
                  rate: pct(canaryRate),
                  succeeded: rollout.canary.succeeded,
                  done: canaryDone,
                  threshold: rollout.success_threshold,
                })}
                {under ? (
                  <span className="pill pill--warning">{t('rollouts.detail.under-threshold')}</span>
                ) : null}
              </>
            )}
            <Gauge value={canaryRate ?? 0} limit={rollout.success_threshold} bad={under} />
          </dd>
        </div>
        <div>
          <dt>{t('rollouts.detail.failure-rate')}</dt>
          <dd>
            {t('rollouts.detail.failure-rate-value', {
              rate: pct(rollout.failure_rate),
              max: rollout.max_failure_rate,
            })}
            {over ? (
              <span className="pill pill--alert">{t('rollouts.detail.over-maximum')}</span>
            ) : null}
            <Gauge value={rollout.failure_rate} limit={rollout.max_failure_rate} bad={over} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
