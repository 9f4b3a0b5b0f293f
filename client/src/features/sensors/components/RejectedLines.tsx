import { useTranslation } from 'react-i18next';
import type { ImportRejection } from '@aircloud/shared/sensors';

/** The lines an import refuses (preview) or refused (report): line number and reason. */
export function RejectedLines({
  rejections,
  label,
  className,
}: {
  rejections: ImportRejection[];
  label?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'}>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('sensor.import.line')}</th>
            <th scope="col">{t('sensor.import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rejections.map((r) => (
            <tr key={`${r.line}-${r.column ?? ''}`}>
              <td className="mono">{r.line}</td>
              <td>
                {i18n.exists(r.reason) ? t(r.reason, { unit: '' }) : r.reason}
                {r.column ? <span className="muted"> ({r.column})</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
