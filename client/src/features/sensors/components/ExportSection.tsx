import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat, type Sensor } from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { errorMessageKey, violationsOf } from '../../../lib/api/errorMessage.ts';
import { useExportSensorMeasuresMutation } from '../api/sensorsApi.ts';
import { anchorOf, exportDays, exportPeriodError, stepAnchor } from '../graphs/periods.ts';
import { saveObjectUrl } from '../../../lib/saveTextFile.ts';

/** The last seven days, today included, as Paris dates. */
function lastWeek(): { first: string; last: string } {
  const today = anchorOf(new Date());
  let first = today;
  for (let i = 0; i < 6; i += 1) first = stepAnchor('day', first, -1);
  return { first: first.date, last: today.date };
}

/**
 * Export of whole days, at most one month, checked before asking the server: as CSV (what the
 * import reads back) or as an Excel workbook (real dates and numbers in any locale).
 */
export function ExportSection({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(lastWeek);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [error, setError] = useState<string | null>(null);
  const [exportFile, { isLoading }] = useExportSensorMeasuresMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const period = exportDays(days.first, days.last);
    const problem = exportPeriodError(period?.from ?? null, period?.to ?? null);
    setError(problem);
    if (problem || !period) return;
    const result = await exportFile({
      ulid: sensor.ulid,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      format,
    });
    if ('error' in result) {
      const key = errorMessageKey(result.error);
      // The server's text names how many months of raw samples are kept.
      const expired = key === 'errors.export_period_expired';
      setError(expired ? (violationsOf(result.error)[0]?.message ?? key) : key);
      return;
    }
    saveObjectUrl(result.data, `${sensor.serial_number}_${days.first}_${days.last}.${format}`);
  };

  return (
    <section className="card">
      <h2 className="card__title">{t('sensor.export.title')}</h2>
      <p className="muted small">{t('sensor.export.text')}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form__grid">
          <div className="field">
            <label className="field__label" htmlFor="se-first">
              {t('sensor.export.first-day')}
            </label>
            <DateInput
              id="se-first"
              value={days.first}
              onChange={(first) => setDays((d) => ({ ...d, first }))}
              aria-invalid={Boolean(error) || undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="se-last">
              {t('sensor.export.last-day')}
            </label>
            <DateInput
              id="se-last"
              value={days.last}
              onChange={(last) => setDays((d) => ({ ...d, last }))}
              aria-invalid={Boolean(error) || undefined}
            />
          </div>
        </div>
        <fieldset className="field export-format">
          <legend className="field__label">{t('sensor.export.format')}</legend>
          <div className="segmented segmented--two">
            {EXPORT_FORMATS.map((value) => (
              <label key={value} className="segmented__option">
                <input
                  type="radio"
                  name="export-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                <span>{t(`sensor.export.formats.${value}`)}</span>
              </label>
            ))}
          </div>
          <p className="muted small">{t(`sensor.export.format-help.${format}`)}</p>
        </fieldset>
        {error ? (
          <p className="form-error" role="alert">
            {error.startsWith('errors.') ? t(error) : error}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" loading={isLoading}>
            <Icon name="download" size={18} />
            {t('sensor.export.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
