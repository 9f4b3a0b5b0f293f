import { airQualityLevel, type AirQualityLevel } from '@aircloud/shared/air-quality';
import type { GraphMeasure } from '@aircloud/shared/sensors';
import { useTranslation } from 'react-i18next';
import { measureText } from '../lib/measures.ts';

interface Props {
  measure: GraphMeasure;
  value: number | null | undefined;
  /** Show the measure's name before its value (a card that shows one reading). */
  named?: boolean;
  /** Write the level after the value (off where the level is written beside, as on a tile). */
  withLevel?: boolean;
}

/**
 * A reading with its air-quality level (decisions section 4 thresholds): coloured, and the level
 * also written, so colour is never the only cue. Measures without thresholds show the plain value.
 */
export function AirQualityBadge({ measure, value, named = false, withLevel = true }: Props) {
  const { t, i18n } = useTranslation();
  const level: AirQualityLevel | null = airQualityLevel(measure, value);
  const text = measureText(measure, value, i18n.language);
  const name = named ? `${t(`sensor.measures.${measure}`)} ` : '';
  if (level == null) {
    return (
      <span className="aq-badge">
        {name}
        {text}
      </span>
    );
  }
  const levelText = t(`sensors.air-quality.${level}`);
  return (
    <span
      className="aq-badge"
      data-level={level}
      title={t('sensors.air-quality.label', { level: levelText })}
    >
      <span className="aq-badge__value">
        {name}
        {text}
      </span>
      {withLevel ? <span className="aq-badge__level">{levelText}</span> : null}
    </span>
  );
}
