import {
  airQualityLevel,
  worstReading,
  type AirQualityLevel,
  type LevelledMeasure,
  type WorstReading,
} from '@aircloud/shared/air-quality';
import { OVERVIEW_SPARKLINE_S, type SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import type { SensorSample } from '@aircloud/shared/sensors';

/**
 * The live state of the overview's tiles, outside React: each tile reads its own entry
 * (useSyncExternalStore), so a sample re-renders one tile, and the page re-renders only when a
 * tile changes level (its place in the worst-first order).
 */
export interface LiveTile {
  tile: SensorOverviewTile;
  /** The reading that decides the room's level, null without a levelled measure. */
  worst: WorstReading | null;
  /** Live samples' sum and count per sparkline bucket (the server's average counts as one). */
  counts: number[];
}

/** The level a tile is sorted and filtered by: its worst reading's, or 'none' without data. */
export type TileLevel = AirQualityLevel | 'none';

export function tileLevel(live: LiveTile): TileLevel {
  return live.worst?.level ?? 'none';
}

/** Buckets of a sparkline: the last hour in steps of `step_s`. */
function bucketsOf(tile: SensorOverviewTile): number {
  return Math.round(OVERVIEW_SPARKLINE_S / tile.sparkline.step_s);
}

export function liveTileOf(tile: SensorOverviewTile): LiveTile {
  return {
    tile,
    worst: tile.last_sample ? worstReading(tile.last_sample) : null,
    // A bucket the server averaged counts as one sample; an empty one as none.
    counts: Array.from({ length: bucketsOf(tile) }, (_, i) =>
      Object.values(tile.sparkline.values).some((series) => series[i] != null) ? 1 : 0,
    ),
  };
}

/**
 * A tile after a new sample: the last sample when it is newer, and the sample folded into its
 * sparkline bucket as a running average; a sample past the last bucket slides the window on.
 */
export function withSample(live: LiveTile, sample: SensorSample): LiveTile {
  const { tile } = live;
  const at = Date.parse(sample.ts);
  if (tile.last_sample && at <= Date.parse(tile.last_sample.ts)) return live;
  const step = tile.sparkline.step_s * 1000;
  const length = bucketsOf(tile);
  let index = Math.floor((at - Date.parse(tile.sparkline.from)) / step);
  const shift = Math.max(0, index - length + 1);
  index -= shift;
  const slide = <T>(series: readonly T[], empty: T): T[] =>
    shift >= length
      ? Array<T>(length).fill(empty)
      : [...series.slice(shift), ...Array<T>(shift).fill(empty)];
  const values: Partial<Record<LevelledMeasure, (number | null)[]>> = {};
  for (const [measure, series] of Object.entries(tile.sparkline.values))
    values[measure as LevelledMeasure] = slide(series, null);
  const counts = slide(live.counts, 0);
  if (index >= 0) {
    const n = counts[index]!;
    for (const [measure, value] of Object.entries(sample)) {
      if (typeof value !== 'number' || airQualityLevel(measure, value) === null) continue;
      const series = (values[measure as LevelledMeasure] ??= Array<number | null>(length).fill(
        null,
      ));
      const previous = series[index];
      series[index] = previous == null || n === 0 ? value : (previous * n + value) / (n + 1);
    }
    counts[index] = n + 1;
  }
  return {
    tile: {
      ...tile,
      last_sample: sample,
      sparkline: {
        ...tile.sparkline,
        from: new Date(Date.parse(tile.sparkline.from) + shift * step).toISOString(),
        values,
      },
    },
    worst: worstReading(sample),
    counts,
  };
}
