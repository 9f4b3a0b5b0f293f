import type { TFunction } from 'i18next';
import type { FirmwareRollout } from '@aircloud/shared/firmware-rollouts';

/** Who started a rollout, in words ("By Marie Curie", or an account since deleted). */
export function creatorName(t: TFunction, rollout: FirmwareRollout): string {
  const by = rollout.created_by;
  if (!by) return t('rollouts.created-by-unknown');
  return t('rollouts.created-by', { name: `${by.firstname} ${by.lastname}`.trim() });
}

/** A share in percent as the page shows it: whole, or one decimal under 10. */
export function percentText(value: number, language: string): string {
  return value.toLocaleString(language, { maximumFractionDigits: value < 10 ? 1 : 0 });
}

/** The canary's success rate in percent of its purifiers done (null before any is done). */
export function canarySuccessRate(rollout: FirmwareRollout): number | null {
  const { succeeded, failed, timed_out } = rollout.canary;
  const done = succeeded + failed + timed_out;
  return done === 0 ? null : (succeeded / done) * 100;
}
