import { useTranslation } from 'react-i18next';
import { useGetTelemetryRetentionQuery } from '../api/sensorsApi.ts';

/**
 * For administrators: how long raw samples and hourly averages are kept (RETENTION_RAW_MONTHS,
 * RETENTION_HOURLY_MONTHS) and the oldest month whose raw samples are still there.
 */
export function RetentionNote() {
  const { t, i18n } = useTranslation();
  const { data } = useGetTelemetryRetentionQuery();
  if (!data) return null;
  // Older partitions may wait for the next daily run: they are as good as gone.
  const oldest = [data.raw_kept_from, data.oldest_raw_month ?? data.raw_kept_from].sort().at(-1)!;
  const month = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(oldest));
  return (
    <p className="muted small">
      {t('sensors.retention', { raw: data.raw_months, hourly: data.hourly_months, oldest: month })}
    </p>
  );
}
