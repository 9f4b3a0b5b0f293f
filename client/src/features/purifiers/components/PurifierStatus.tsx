import { useTranslation } from 'react-i18next';
import type { Purifier, PurifierState, WifiState } from '@aircloud/shared/purifiers';
import { Icon } from '../../../components/Icon.tsx';

const STATE_PILL: Record<PurifierState, string> = {
  operational: 'pill pill--ok',
  warning: 'pill pill--warning',
  alert: 'pill pill--alert',
};

/** A purifier that has never been heard from: its state and levels are not known yet. */
export function neverConnected(purifier: Pick<Purifier, 'last_seen_at' | 'reported'>): boolean {
  return purifier.last_seen_at === null && purifier.reported === null;
}

/**
 * The device state as a coloured pill; before its first connection a neutral "waiting for first
 * connection" (no green "operational" for a device that never said so).
 */
export function PurifierStatePill({
  state,
  waiting = false,
}: {
  state: PurifierState;
  waiting?: boolean;
}) {
  const { t } = useTranslation();
  if (waiting) {
    return (
      <span className="pill pill--muted">
        <span className="pill__dot" aria-hidden="true" />
        {t('purifiers.waiting-first')}
      </span>
    );
  }
  return (
    <span className={STATE_PILL[state]}>
      <span className="pill__dot" aria-hidden="true" />
      {t(`purifiers.states.${state}`)}
    </span>
  );
}

/** The network state: an icon coloured by state and its label. */
export function WifiStatus({ state }: { state: WifiState }) {
  const { t } = useTranslation();
  return (
    <span className={`wifi-status wifi-status--${state}`}>
      <Icon name="wifi" size={16} />
      {t(`purifiers.wifi.${state}`)}
    </span>
  );
}

/**
 * The mode: the desired one, and when the device reports another, both (the device applies a
 * change at its next report).
 */
export function ModeStatus({ purifier }: { purifier: Pick<Purifier, 'mode' | 'reported_mode'> }) {
  const { t } = useTranslation();
  const desired = t(`purifiers.modes-inline.${purifier.mode}`);
  const reported = purifier.reported_mode;
  if (reported === null) {
    return (
      <span className="mode-status">
        <span className={`mode-dot mode-dot--${purifier.mode}`} aria-hidden="true" />
        <span className="mode-status__text">{t('purifiers.mode.current', { mode: desired })}</span>
        <span className="mode-status__note">{t('purifiers.mode.not-reported')}</span>
      </span>
    );
  }
  if (reported !== purifier.mode) {
    return (
      <span className="mode-status mode-status--pending">
        <span className={`mode-dot mode-dot--${purifier.mode}`} aria-hidden="true" />
        <span className="mode-status__text">
          {t('purifiers.mode.pending', {
            desired,
            reported: t(`purifiers.modes-inline.${reported}`),
          })}
        </span>
      </span>
    );
  }
  return (
    <span className="mode-status">
      <span className={`mode-dot mode-dot--${purifier.mode}`} aria-hidden="true" />
      <span className="mode-status__text">{t('purifiers.mode.current', { mode: desired })}</span>
    </span>
  );
}
