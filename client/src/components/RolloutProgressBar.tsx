import { useTranslation } from 'react-i18next';
import type { RolloutDeviceStatus, RolloutProgress } from '@aircloud/shared/firmware-rollouts';
import './RolloutProgressBar.css';

/** The segments in the order they are drawn: finished first, then moving, then waiting. */
const SEGMENTS = [
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'in_progress',
  'pending',
] as const satisfies readonly RolloutDeviceStatus[];

/** Purifiers done with a rollout (whatever the outcome). */
export function rolloutDone(progress: RolloutProgress): number {
  return progress.succeeded + progress.failed + progress.timed_out + progress.cancelled;
}

/**
 * The progress of a firmware rollout as one bar of segments (succeeded, failed, timed out,
 * cancelled, in progress, pending) with a legend of the counts. Each segment has its own pattern
 * as well as its colour, and the legend says each count in words; the bar is a progressbar whose
 * value is the share done and whose text says every count. `compact` (lists, the fleet view)
 * keeps only the non-zero counts in the legend.
 */
export function RolloutProgressBar({
  progress,
  label,
  compact = false,
}: {
  progress: RolloutProgress;
  /** The bar's accessible name (which rollout). */
  label: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const total = progress.total;
  const done = rolloutDone(progress);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const named = SEGMENTS.map((status) => ({
    status,
    count: progress[status],
    label: t(`rollouts.device-statuses.${status}`),
  }));
  const shown = compact ? named.filter((segment) => segment.count > 0) : named;
  const counts = named
    .filter((segment) => segment.count > 0)
    .map((segment) =>
      t('rollouts.progress.count', { label: segment.label, count: number(segment.count) }),
    )
    .join(', ');
  const summary = t('rollouts.progress.summary', { done: number(done), total: number(total) });

  return (
    <div className={`rollout-progress${compact ? ' rollout-progress--compact' : ''}`}>
      <div
        className="rollout-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          total > 0
            ? `${summary}. ${t('rollouts.progress.text-alternative', { total: number(total), counts })}`
            : t('rollouts.progress.empty')
        }
      >
        {total > 0
          ? SEGMENTS.filter((status) => progress[status] > 0).map((status) => (
              <span
                key={status}
                className="rollout-progress__segment"
                data-status={status}
                style={{ width: `${(progress[status] / total) * 100}%` }}
              />
            ))
          : null}
      </div>
      <div className="rollout-progress__text">
        <span className="rollout-progress__summary">
          {total > 0 ? summary : t('rollouts.progress.empty')}
        </span>
        {shown.length > 0 ? (
          <ul className="rollout-progress__legend">
            {shown.map((segment) => (
              <li key={segment.status} data-empty={segment.count === 0 || undefined}>
                <span className="rollout-progress__swatch" data-status={segment.status} />
                {segment.label} <strong>{number(segment.count)}</strong>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
