import { useTranslation } from 'react-i18next';
import { useGetTelemetryRetentionQuery } from '../api/sensorsApi.ts';

/**
 * For administrators: how long raw samples and hourly averages are kept (RETENTION_RAW_MONTHS,
 * RETENTION_HOURLY_MONTHS), from which month each is kept.
 */
export function RetentionNote() {
  const { t, i18n } = useTranslation();
  const { data } = useGetTelemetryRetentionQuery();
  if (!data) return null;
  const month = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(iso));
  return (
    <p className="muted small">
      {t('sensors.retention', {
        raw: data.raw_months,
        hourly: data.hourly_months,
        rawFrom: month(data.raw_kept_from),
        hourlyFrom: month(data.hourly_kept_from),
      })}
    </p>
  );
}
