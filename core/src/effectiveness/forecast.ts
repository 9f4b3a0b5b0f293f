import { sql } from 'drizzle-orm';
import type { MaintenanceForecast } from '@aircloud/shared/effectiveness';
import {
  MAINTENANCE_LEVEL_KEYS,
  maintenanceLevelOf,
  type MaintenanceEventType,
  type MaintenanceLevelKey,
} from '@aircloud/shared/purifiers';
import type { Database } from '../db/client.ts';
import { findPurifier, type PurifierRow } from '../purifiers/repository.ts';
import { DEFAULT_NATURAL_ACH, forecastReplacement, FORECAST_WINDOW_DAYS } from './index.ts';

/** Kept decays in auto the trend of the measured air changes needs. */
export const MIN_TREND_EPISODES = 5;
const DAY = 86_400_000;

/** The least-squares slope of y over x (null under two distinct x). */
function slope(points: { x: number; y: number }[]): number | null {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  return sxx === 0 ? null : sxy / sxx;
}

/**
 * When each consumable of a purifier reaches `replacementLevel` at its recent pace (the daily
 * levels it reported, since its last replacement), and how its measured air changes in auto have
 * moved since the filters' last replacement: a falling delivery is a loading filter.
 */
export async function maintenanceForecast(
  db: Database,
  row: PurifierRow,
  replacementLevel: number,
  now: Date,
): Promise<MaintenanceForecast> {
  const since = new Date(now.getTime() - FORECAST_WINDOW_DAYS * DAY);
  const [history, replaced, natural, auto] = await Promise.all([
    db.execute<{ at: string; levels: Record<string, number> }>(sql`
      SELECT at, levels FROM purifier_level_history
       WHERE purifier_id = ${row.id} AND at >= ${since.toISOString()}::timestamptz ORDER BY at`),
    db.execute<{ type: MaintenanceEventType; at: string }>(sql`
      SELECT type, max(occurred_at) AS at FROM maintenance_events
       WHERE purifier_id = ${row.id} GROUP BY type`),
    db.execute<{ rate: number | null }>(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY e.rate) AS rate FROM decay_episodes e
       WHERE e.sensor_id IN (SELECT sensor_id FROM sensor_purifiers WHERE purifier_id = ${row.id})
         AND e.kind = 'pm25' AND e.kept AND e.mode = 'off'
         AND e.end_at > ${new Date(now.getTime() - 28 * DAY).toISOString()}::timestamptz`),
    db.execute<{ end_at: string; rate: number }>(sql`
      SELECT e.end_at, e.rate FROM decay_episodes e
       WHERE e.sensor_id IN (SELECT sensor_id FROM sensor_purifiers WHERE purifier_id = ${row.id})
         AND e.kind = 'pm25' AND e.kept AND e.mode = 'auto' AND e.rate IS NOT NULL
         AND e.end_at > coalesce((SELECT max(occurred_at) FROM maintenance_events
                                   WHERE purifier_id = ${row.id} AND type = 'filters'),
                                 '-infinity'::timestamptz)
       ORDER BY e.end_at`),
  ]);
  const lastReplaced = new Map<MaintenanceLevelKey, string>();
  for (const r of replaced.rows)
    lastReplaced.set(maintenanceLevelOf(r.type), new Date(r.at).toISOString());
  const consumables = Object.fromEntries(
    MAINTENANCE_LEVEL_KEYS.map((key) => {
      const replacedAt = lastReplaced.get(key);
      const points = history.rows
        .filter((h) => typeof h.levels[key] === 'number')
        .map((h) => ({ t: new Date(h.at).getTime(), level: h.levels[key]! }))
        .filter((p) => !replacedAt || p.t >= Date.parse(replacedAt));
      const level = row.maintenanceLevels[key];
      // Today's level counts too (the history keeps one point a day).
      points.push({ t: now.getTime(), level });
      const { due_at, pace_per_day } = forecastReplacement(points, {
        replacementLevel,
        now: now.getTime(),
      });
      return [
        key,
        {
          level,
          pace_per_day,
          due_at: due_at === null ? null : new Date(due_at).toISOString(),
          last_replaced_at: replacedAt ?? null,
        },
      ];
    }),
  ) as MaintenanceForecast['consumables'];
  const naturalRate = natural.rows[0]?.rate ?? DEFAULT_NATURAL_ACH;
  const trend =
    auto.rows.length >= MIN_TREND_EPISODES
      ? slope(
          auto.rows.map((e) => ({
            x: new Date(e.end_at).getTime() / (7 * DAY),
            y: e.rate - naturalRate,
          })),
        )
      : null;
  return {
    '@id': `/api/purifiers/${row.id}/maintenance_forecast`,
    '@type': 'MaintenanceForecast',
    replacement_level: replacementLevel,
    consumables,
    ach_trend_per_week: trend === null ? null : Math.round(trend * 100) / 100,
    ach_trend_episodes: auto.rows.length,
  };
}

/** How often a purifier's wear paces are worked out again (a pace measured over weeks). */
const PACE_REFRESH_MS = 6 * 3_600_000;

/**
 * Keeps the pace each consumable wears at, for purifiers that reported levels lately and whose
 * paces are older than PACE_REFRESH_MS (at most `limit` a run): the "maintenance due soon"
 * notice (notifications/watch.ts) compares them with each user's chosen days.
 */
export async function refreshWearPaces(db: Database, now: Date, limit = 500): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT h.purifier_id AS id FROM purifier_level_history h
     WHERE h.day >= (${now.toISOString()}::timestamptz - interval '2 days')::date
       AND NOT EXISTS (SELECT 1 FROM purifier_wear_paces w WHERE w.purifier_id = h.purifier_id
                         AND w.updated_at > ${new Date(now.getTime() - PACE_REFRESH_MS).toISOString()}::timestamptz)
     GROUP BY h.purifier_id LIMIT ${limit}`);
  for (const { id } of rows) {
    const row = await findPurifier(db, id);
    if (!row) continue;
    const { consumables } = await maintenanceForecast(db, row, 0, now);
    const paces = Object.entries(consumables).map(([level, c]) => ({
      level,
      pace: c.pace_per_day ?? 0,
    }));
    await db.$client.query(
      `INSERT INTO purifier_wear_paces (purifier_id, level, pace_per_day, updated_at)
       SELECT $1, level, pace, $4 FROM unnest($2::text[], $3::real[]) AS t(level, pace)
       ON CONFLICT (purifier_id, level) DO UPDATE
         SET pace_per_day = EXCLUDED.pace_per_day, updated_at = EXCLUDED.updated_at`,
      [id, paces.map((p) => p.level), paces.map((p) => p.pace), now.toISOString()],
    );
  }
  return rows.length;
}
