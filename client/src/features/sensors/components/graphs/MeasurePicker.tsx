import { useTranslation } from 'react-i18next';
import { GRAPH_MEASURES, MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { MEASURE_COLORS } from '../../graphs/measureStyle.ts';
import { NARROW_QUERY, useMediaQuery } from '../../hooks/useMediaQuery.ts';

/**
 * The measures a graph shows: one checkbox each, with its unit and colour. On a phone they fold
 * into a disclosure that names the chosen ones, so the chart is seen without scrolling past them.
 */
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
  const narrow = useMediaQuery(NARROW_QUERY);
  const list = (
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
  );
  if (narrow)
    return (
      <details className="measure-picker measure-picker--menu">
        <summary className="measure-picker__summary">
          <span className="field__label">{t('sensor.graphs.measures')}</span>
          <span className="measure-picker__chosen">
            {selected.map((m) => t(`sensor.measures.${m}`)).join(', ')}
          </span>
        </summary>
        <fieldset className="measure-picker__fieldset">
          <legend className="visually-hidden">{t('sensor.graphs.measures')}</legend>
          {list}
        </fieldset>
      </details>
    );
  return (
    <fieldset className="measure-picker">
      <legend className="field__label">{t('sensor.graphs.measures')}</legend>
      {list}
    </fieldset>
  );
}
