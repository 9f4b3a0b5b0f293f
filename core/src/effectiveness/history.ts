import { sql } from 'drizzle-orm';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import { PURIFIER_MODES } from '@aircloud/shared/purifiers';
import type { Database } from '../db/client.ts';
import { purifierModeHistory } from '../db/schema/index.ts';
import type { ModeSpan } from './index.ts';

/**
 * The histories the measured air changes read (docs/effectiveness.md): the modes purifiers ran
 * in, from when, and the consumable levels of each day.
 */

/** Records the modes a purifier switched to (from its reports), in the reports' transaction. */
export async function recordModeChanges(
  tx: Pick<Database, 'insert'>,
  purifierId: string,
  changes: { at: Date; mode: PurifierMode }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(purifierModeHistory)
    .values(changes.map((c) => ({ purifierId, at: c.at, mode: c.mode })))
    .onConflictDoNothing();
}

const STRENGTH: Record<PurifierMode, number> = Object.fromEntries(
  PURIFIER_MODES.map((m) => [m, ['off', 'silence', 'auto', 'boost'].indexOf(m)]),
) as Record<PurifierMode, number>;

/**
 * The room's mode timeline over [from, to): at every moment the strongest mode among the
 * sensor's linked purifiers (several purifiers in a room clear the same air). A purifier whose
 * mode is unknown at a moment (no history yet) leaves that stretch out of the timeline.
 */
export async function roomModeTimeline(
  db: Database,
  sensorId: string,
  from: Date,
  to: Date,
): Promise<ModeSpan[]> {
  const { rows } = await db.execute<{ purifier_id: string; at: Date | string; mode: PurifierMode }>(
    sql`SELECT h.purifier_id, h.at, h.mode
          FROM sensor_purifiers sp
          JOIN LATERAL (
            -- the mode in force at \`from\`, then every change until \`to\`
            (SELECT purifier_id, at, mode FROM purifier_mode_history
              WHERE purifier_id = sp.purifier_id AND at <= ${from.toISOString()}::timestamptz
              ORDER BY at DESC LIMIT 1)
            UNION ALL
            SELECT purifier_id, at, mode FROM purifier_mode_history
             WHERE purifier_id = sp.purifier_id AND at > ${from.toISOString()}::timestamptz
               AND at < ${to.toISOString()}::timestamptz
          ) h ON true
         WHERE sp.sensor_id = ${sensorId}
         ORDER BY h.at`,
  );
  return mergeTimelines(
    rows.map((r) => ({ purifierId: r.purifier_id, at: new Date(r.at).getTime(), mode: r.mode })),
    from.getTime(),
    to.getTime(),
  );
}

/** Folds purifiers' mode changes (sorted by time) into the strongest-mode spans of a room. */
export function mergeTimelines(
  changes: { purifierId: string; at: number; mode: PurifierMode }[],
  from: number,
  to: number,
): ModeSpan[] {
  const current = new Map<string, PurifierMode>();
  const spans: ModeSpan[] = [];
  const strongest = (): PurifierMode | null => {
    let best: PurifierMode | null = null;
    for (const mode of current.values())
      if (best === null || STRENGTH[mode] > STRENGTH[best]) best = mode;
    return best;
  };
  const close = (at: number) => {
    const last = spans.at(-1);
    if (last && last.to === null) last.to = at;
  };
  for (let i = 0; i < changes.length;) {
    const at = changes[i]!.at;
    // Every change at the same instant first, then one span boundary.
    while (i < changes.length && changes[i]!.at === at) {
      current.set(changes[i]!.purifierId, changes[i]!.mode);
      i += 1;
    }
    const mode = strongest();
    const last = spans.at(-1);
    if (last && last.to === null && last.mode === mode) continue;
    close(Math.max(at, from));
    if (mode !== null) spans.push({ from: Math.max(at, from), to: null, mode });
  }
  return spans.filter((s) => s.from < to && (s.to === null || s.to > s.from));
}

/**
 * Keeps today's consumable levels of every purifier heard from in the last day (the last of the
 * day wins): one point a day is what the replacement forecast needs.
 */
export async function snapshotLevels(db: Database, now: Date): Promise<number> {
  const { rowCount } = await db.execute(sql`
    INSERT INTO purifier_level_history (purifier_id, day, levels, at)
    SELECT id, (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date, maintenance_levels,
           ${now.toISOString()}::timestamptz
      FROM purifiers
     WHERE last_seen_at > ${now.toISOString()}::timestamptz - interval '1 day'
    ON CONFLICT (purifier_id, day) DO UPDATE SET levels = EXCLUDED.levels, at = EXCLUDED.at
     WHERE purifier_level_history.levels IS DISTINCT FROM EXCLUDED.levels`);
  return rowCount ?? 0;
}
