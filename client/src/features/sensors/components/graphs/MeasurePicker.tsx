import { useTranslation } from 'react-i18next';
import { GRAPH_MEASURES, MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { MEASURE_COLORS } from '../../graphs/measureStyle.ts';

/** The measures a graph shows: one checkbox each, with its unit and colour. */
export function MeasurePicker({
  selected,
  onChange,
}: {
  selected: readonly GraphMeasure[];
  onChange: (measures: GraphMeasure[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (measure: GraphMeasure, on: boolean) =>
    onChange(
      on
        ? GRAPH_MEASURES.filter((m) => m === measure || selected.includes(m))
        : selected.filter((m) => m !== measure),
    );
  return (
    <fieldset className="measure-picker">
      <legend className="field__label">{t('sensor.graphs.measures')}</legend>
      <div className="measure-picker__list">
        {GRAPH_MEASURES.map((measure) => {
          const checked = selected.includes(measure);
          return (
            <label key={measure} className={`measure-chip${checked ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => toggle(measure, event.target.checked)}
              />
              <span
                className="measure-chip__swatch"
                style={{ background: MEASURE_COLORS[measure] }}
                aria-hidden="true"
              />
              <span>{t(`sensor.measures.${measure}`)}</span>
              <span className="measure-chip__unit">{MEASURE_UNITS[measure]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
