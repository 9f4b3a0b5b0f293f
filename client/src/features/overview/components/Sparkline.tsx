import { airQualityBands, type LevelledMeasure } from '@aircloud/shared/air-quality';

const WIDTH = 120;
const HEIGHT = 32;

/**
 * The last hour of one measure as a line over its level bands (hand-written SVG: a few dozen
 * path commands per tile, where a chart library per tile would cost hundreds of tiles' memory).
 * Decorative: the tile writes the value and level; gaps stay gaps.
 */
export function Sparkline({
  measure,
  values,
}: {
  measure: LevelledMeasure;
  values: readonly (number | null)[];
}) {
  const present = values.filter((v): v is number => v != null);
  if (present.length === 0) return null;
  const bands = airQualityBands(measure);
  // The scale reaches at least the moderate threshold, so a calm room draws a calm line.
  const top = Math.max(...present, bands[1]!.from) * 1.1;
  const x = (i: number) => (values.length > 1 ? (i / (values.length - 1)) * WIDTH : WIDTH / 2);
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  let path = '';
  values.forEach((v, i) => {
    if (v == null) return;
    const joined = i > 0 && values[i - 1] != null;
    path += `${joined ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  });
  return (
    <svg
      className="overview-sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {bands.map((band) =>
        band.from >= top ? null : (
          <rect
            key={band.level}
            className={`overview-sparkline__band overview-sparkline__band--${band.level}`}
            x={0}
            width={WIDTH}
            y={y(Math.min(band.to ?? top, top))}
            height={y(band.from) - y(Math.min(band.to ?? top, top))}
          />
        ),
      )}
      <path className="overview-sparkline__line" d={path} vectorEffect="non-scaling-stroke" />
      {present.length === 1 ? (
        <circle
          className="overview-sparkline__dot"
          cx={x(values.findIndex((v) => v != null))}
          cy={y(present[0]!)}
          r={2}
        />
      ) : null}
    </svg>
  );
}
