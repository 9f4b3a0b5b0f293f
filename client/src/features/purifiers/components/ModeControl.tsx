import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Purifier } from '@aircloud/shared/purifiers';
import { PURIFIER_MODES, type PurifierMode } from '@aircloud/shared/purifier-states';
import { errorMessageKey } from '../../../lib/api/errorMessage.ts';
import { usePatchPurifierMutation } from '../api/purifiersApi.ts';
import { nextScheduleSlot } from '../scheduleModel.ts';
import { ModeStatus } from './PurifierStatus.tsx';

type ModePurifier = Pick<
  Purifier,
  | 'ulid'
  | 'name'
  | 'mode'
  | 'reported_mode'
  | 'desired'
  | 'schedule'
  | 'timezone'
  | 'access'
  | 'hold_rules'
>;

/** Whether the caller may change the mode (owner, invited, admin: every access controls). */
export function canControl(purifier: Pick<Purifier, 'access'>): boolean {
  return purifier.access !== undefined;
}

/**
 * Why the mode is what it is when something else than a person set it (core desired-state.ts):
 * triggered alert rules (while `desired.base` is set), the weekly schedule until its next slot,
 * or a Meraki network alert. Null when a person chose it.
 */
export function HoldReason({ purifier }: { purifier: ModePurifier }) {
  const { t, i18n } = useTranslation();
  const { desired } = purifier;
  if (desired.base || desired.source === 'rule') {
    const rules = purifier.hold_rules ?? [];
    const number = new Intl.NumberFormat(i18n.language);
    return (
      <div className="mode-hold" data-hold="rule">
        <p className="mode-hold__reason">
          {rules.length === 0
            ? t('purifiers.mode-control.held-rule-unknown')
            : t('purifiers.mode-control.held-rule', {
                count: rules.length,
                rules: rules
                  .map((rule) =>
                    t('purifiers.mode-control.rule', {
                      measure: t(`sensor.measures.${rule.measure}`),
                      threshold: number.format(rule.threshold),
                      sensor: rule.sensor_name,
                    }),
                  )
                  .join(', '),
              })}
        </p>
        {desired.base ? (
          <p className="mode-hold__hint">
            {t('purifiers.mode-control.held-rule-hint', {
              mode: t(`purifiers.modes-inline.${desired.base.mode}`),
            })}
          </p>
        ) : null}
      </div>
    );
  }
  if (desired.source === 'schedule') {
    const next = nextScheduleSlot(purifier.schedule, purifier.timezone);
    return (
      <div className="mode-hold" data-hold="schedule">
        <p className="mode-hold__reason">
          {next === null
            ? t('purifiers.mode-control.held-schedule')
            : next.daysAhead === 0
              ? t('purifiers.mode-control.held-schedule-until', { time: next.start })
              : t('purifiers.mode-control.held-schedule-until-day', {
                  day: t(`schedule.days.${next.day}`),
                  time: next.start,
                })}
        </p>
        <p className="mode-hold__hint">{t('purifiers.mode-control.held-schedule-hint')}</p>
      </div>
    );
  }
  if (desired.source === 'network') {
    return (
      <div className="mode-hold" data-hold="network">
        <p className="mode-hold__reason">{t('purifiers.mode-control.held-network')}</p>
        <p className="mode-hold__hint">{t('purifiers.mode-control.held-network-hint')}</p>
      </div>
    );
  }
  return null;
}

/**
 * The mode in one tap: a labelled radio group of the four modes (native radios: arrow keys move
 * and choose). A choice is sent at once (PATCH `{ mode }`); until the device reports that mode
 * (live over the purifier's channel) it says it waits for the device. Says why when a rule, the
 * schedule or a Meraki alert set the mode. Read-only (the mode only) without control.
 */
export function ModeControl({
  purifier,
  readOnlyMode = true,
}: {
  purifier: ModePurifier;
  /** Without control, show the mode (false where the page already shows it: the summary). */
  readOnlyMode?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [patch, { isLoading, error, reset }] = usePatchPurifierMutation();
  // The tapped mode shows at once, before the answer comes back.
  const [requested, setRequested] = useState<PurifierMode | null>(null);

  if (!canControl(purifier)) {
    return (
      <div className="mode-control mode-control--readonly">
        {readOnlyMode ? <ModeStatus purifier={purifier} /> : null}
        <HoldReason purifier={purifier} />
      </div>
    );
  }

  const shown = isLoading && requested ? requested : purifier.mode;
  const choose = (mode: PurifierMode) => {
    setRequested(mode);
    reset();
    void patch({ ulid: purifier.ulid, patch: { mode } });
  };

  let status: string;
  if (isLoading) status = t('purifiers.mode-control.sending');
  else if (purifier.reported_mode === null) status = t('purifiers.mode-control.never-reported');
  else if (purifier.reported_mode !== purifier.mode)
    status = t('purifiers.mode-control.pending', {
      reported: t(`purifiers.modes-inline.${purifier.reported_mode}`),
    });
  else status = t('purifiers.mode-control.confirmed');
  const pending =
    isLoading || (purifier.reported_mode !== null && purifier.reported_mode !== purifier.mode);

  return (
    <div className="mode-control">
      <fieldset className="mode-control__group">
        <legend className="mode-control__legend" id={`${id}-legend`}>
          {t('purifiers.mode-control.label', { name: purifier.name })}
        </legend>
        <div
          className="segmented mode-control__options"
          role="radiogroup"
          aria-labelledby={`${id}-legend`}
        >
          {PURIFIER_MODES.map((mode) => (
            <label key={mode} className="segmented__option">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={shown === mode}
                onChange={() => choose(mode)}
              />
              <span>{t(`purifiers.modes.${mode}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p
        className={`mode-control__status${pending ? ' mode-control__status--pending' : ''}`}
        role="status"
        data-pending={pending ? 'true' : 'false'}
      >
        {pending ? <span className="mode-control__spinner" aria-hidden="true" /> : null}
        {status}
      </p>
      {error && !isLoading ? (
        <p className="mode-control__error" role="alert">
          {t(errorMessageKey(error))}
        </p>
      ) : null}
      <HoldReason purifier={purifier} />
    </div>
  );
}
