import { useTranslation } from 'react-i18next';
import {
  SENSOR_MEASURES,
  type ImportPreviewRow,
  type SensorImportPreview,
} from '@aircloud/shared/sensors';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/numbers.ts';
import { RejectedLines } from './RejectedLines.tsx';

/**
 * What an import will do, before anything is stored (`?dry_run=1`): the export recognised, the
 * zone of its times, each column's mapping, the first rows as they will be stored and the
 * rejected ones. The user confirms or cancels.
 */
export function ImportPreview({
  preview,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: SensorImportPreview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const shown = SENSOR_MEASURES.filter((m) => preview.rows.some((r) => r[m] !== undefined));
  const reason = (key: string, unit: string | null) =>
    i18n.exists(key) ? t(key, { unit: unit ?? '' }) : key;
  const value = (row: ImportPreviewRow, m: (typeof SENSOR_MEASURES)[number]) =>
    row[m] === undefined ? '' : formatNumber(row[m], i18n.language);

  return (
    <div className="import-preview" role="group" aria-label={t('sensor.import.preview.title')}>
      <h3>{t('sensor.import.preview.title')}</h3>
      <p>
        {t('sensor.import.preview.vendor', {
          vendor: t(`sensor.import.vendors.${preview.vendor}`),
        })}
      </p>
      <p className="muted small">
        {t(`sensor.import.preview.time-zone-${preview.time_zone_source}`, {
          zone: preview.time_zone,
        })}
      </p>
      <div className="table-wrap">
        <table className="data-table" aria-label={t('sensor.import.preview.columns')}>
          <thead>
            <tr>
              <th scope="col">{t('sensor.import.preview.column')}</th>
              <th scope="col">{t('sensor.import.preview.measure')}</th>
              <th scope="col">{t('sensor.import.preview.unit')}</th>
              <th scope="col">{t('sensor.import.preview.conversion')}</th>
              <th scope="col">{t('sensor.import.preview.status')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.columns.map((c, index) => (
              <tr
                key={`${index}-${c.column}`}
                className={c.status === 'refused' ? 'is-rejected' : undefined}
              >
                <td className="mono">{c.column}</td>
                <td>{c.measure ? t(`sensor.measures.${c.measure}`) : ''}</td>
                <td>{c.unit ?? ''}</td>
                <td>{c.conversion ?? ''}</td>
                <td>
                  {t(`sensor.import.preview.statuses.${c.status}`)}
                  {c.reason ? (
                    <span className="muted small"> · {reason(c.reason, c.unit)}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>{t('sensor.import.preview.rows')}</h4>
      {preview.rows.length === 0 ? (
        <p className="muted small">{t('sensor.import.preview.no-rows')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label={t('sensor.import.preview.rows')}>
            <thead>
              <tr>
                <th scope="col">{t('sensor.import.line')}</th>
                <th scope="col">{t('sensor.import.preview.time')}</th>
                {shown.map((m) => (
                  <th scope="col" key={m}>
                    {t(`sensor.measures.${m}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line}>
                  <td className="mono">{row.line}</td>
                  <td>{formatDateTime(row.ts)}</td>
                  {shown.map((m) => (
                    <td key={m}>{value(row, m)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.rejections.length > 0 ? (
        <>
          <h4>{t('sensor.import.preview.rejected')}</h4>
          <RejectedLines
            rejections={preview.rejections}
            label={t('sensor.import.preview.rejected')}
          />
        </>
      ) : null}
      <div className="import-preview__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('sensor.import.preview.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          <Icon name="upload" size={18} />
          {t('sensor.import.preview.confirm')}
        </Button>
      </div>
    </div>
  );
}
