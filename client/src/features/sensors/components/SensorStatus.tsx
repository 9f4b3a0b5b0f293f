import { useTranslation } from 'react-i18next';
import type { WifiState } from '@aircloud/shared/purifiers';
import type { GraphMeasure, SensorSample } from '@aircloud/shared/sensors';
import { isLevelled } from '@aircloud/shared/air-quality';
import { AirQualityBadge } from '../../../components/AirQualityBadge.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { sampleValue } from '../graphs/graphData.ts';
import { MAIN_MEASURES, MEASURE_COLORS, measureText } from '../graphs/measureStyle.ts';

/** The sensor's network state: connected, disconnected, or not configured yet. */
export function SensorWifiStatus({ state }: { state: WifiState }) {
  const { t } = useTranslation();
  return (
    <span className={`wifi-status wifi-status--${state}`}>
      <Icon name="wifi" size={16} />
      {t(`sensors.wifi.${state}`)}
    </span>
  );
}

/** When the sensor was last heard from. */
export function LastSeen({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return (
    <span className="sensor-last-seen muted small">
      {at ? t('sensors.last-seen', { date: formatDateTime(at) }) : t('sensors.never-seen')}
    </span>
  );
}

/** A measure's value with its unit, in the reader's number format ('—' when absent). */
export function useMeasureText() {
  const { i18n } = useTranslation();
  return (measure: GraphMeasure, value: number | null | undefined) =>
    measureText(measure, value, i18n.language);
}

/**
 * The latest values of the main measures (CO2, PM2.5, temperature, humidity), live: CO2 and
 * particles with their air-quality level (colour and word), temperature and humidity plain.
 */
export function LiveValues({ sample }: { sample: SensorSample | null }) {
  const { t } = useTranslation();
  const text = useMeasureText();
  if (!sample)
    return (
      <div className="sensor-values sensor-values--none">
        <p className="sensor-values__none muted small">{t('sensors.no-values')}</p>
      </div>
    );
  return (
    <dl className="sensor-values">
      {MAIN_MEASURES.map((measure) => (
        <div key={measure} className="sensor-values__item">
          <dt>
            <span
              className="sensor-values__dot"
              style={{ background: MEASURE_COLORS[measure] }}
              aria-hidden="true"
            />
            {t(`sensor.measures.${measure}`)}
          </dt>
          <dd data-measure={measure}>
            {isLevelled(measure) ? (
              <AirQualityBadge measure={measure} value={sampleValue(sample, measure)} />
            ) : (
              text(measure, sampleValue(sample, measure))
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
