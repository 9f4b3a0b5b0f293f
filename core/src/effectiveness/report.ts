import { sql } from 'drizzle-orm';
import {
  EFFECTIVENESS_WINDOW_DAYS,
  type DecayDiscardReason,
  type DecayKind,
  type CleanAirTarget,
  type PurifierEffectiveness,
} from '@aircloud/shared/effectiveness';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import type { Database } from '../db/client.ts';
import { findPurifier, type PurifierRow } from '../purifiers/repository.ts';
import {
  CLEAN_AIR_TARGETS,
  cleanAir,
  summarizeModes,
  summarizeVentilation,
  type DecayEpisode as FoundEpisode,
} from './index.ts';

/** The stored episodes and progress a purifier's figures are made of. */

export interface EpisodeRow extends Record<string, unknown> {
  id: number;
  sensorId: string;
  kind: DecayKind;
  startAt: Date;
  endAt: Date;
  mode: PurifierMode | null;
  peak: number;
  background: number;
  rate: number | null;
  r2: number | null;
  samples: number;
  kept: boolean;
  reason: DecayDiscardReason | null;
  fitFrom: Date | null;
  fitTo: Date | null;
}

const EPISODE_COLUMNS = sql`e.id, e.sensor_id AS "sensorId", e.kind, e.start_at AS "startAt",
  e.end_at AS "endAt", e.mode, e.peak, e.background, e.rate, e.r2, e.samples, e.kept, e.reason,
  e.fit_from AS "fitFrom", e.fit_to AS "fitTo"`;

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

const fromRow = (r: EpisodeRow): EpisodeRow => ({
  ...r,
  id: Number(r.id),
  startAt: new Date(r.startAt),
  endAt: new Date(r.endAt),
  fitFrom: date(r.fitFrom),
  fitTo: date(r.fitTo),
});

/** The episode row as the estimator's summary reads it. */
export function asFound(r: EpisodeRow): FoundEpisode {
  return {
    kind: r.kind,
    start: r.startAt.getTime(),
    end: r.endAt.getTime(),
    mode: r.mode,
    peak: r.peak,
    background: r.background,
    rate: r.rate,
    r2: r.r2,
    samples: r.samples,
    kept: r.kept,
    reason: r.reason,
    fitFrom: r.fitFrom?.getTime() ?? null,
    fitTo: r.fitTo?.getTime() ?? null,
  };
}

const linkedSensors = (purifierId: string) =>
  sql`(SELECT sensor_id FROM sensor_purifiers WHERE purifier_id = ${purifierId})`;

/**
 * The kept episodes of the purifier's linked sensors that ended in the window, the sensors'
 * count, their last examination and outdoor CO2 level, in one round trip.
 */
export async function effectivenessInputs(db: Database, purifierId: string, now: Date) {
  const since = new Date(now.getTime() - EFFECTIVENESS_WINDOW_DAYS * 86_400_000);
  const [episodes, progress] = await Promise.all([
    db.execute<EpisodeRow>(sql`
      SELECT ${EPISODE_COLUMNS} FROM decay_episodes e
       WHERE e.sensor_id IN ${linkedSensors(purifierId)} AND e.kept
         AND e.end_at > ${since.toISOString()}::timestamptz`),
    db.execute<{ sensors: string; updated_at: string | null; outdoor_co2: number | null }>(sql`
      SELECT count(*) AS sensors, max(p.updated_at) AS updated_at, avg(p.outdoor_co2)::real AS outdoor_co2
        FROM sensor_purifiers sp LEFT JOIN air_change_progress p ON p.sensor_id = sp.sensor_id
       WHERE sp.purifier_id = ${purifierId}`),
  ]);
  const p = progress.rows[0];
  return {
    episodes: episodes.rows.map(fromRow),
    sensors: Number(p?.sensors ?? 0),
    updatedAt: p?.updated_at ? new Date(p.updated_at) : null,
    outdoorCo2: p?.outdoor_co2 ?? null,
  };
}

/** A page of the purifier's episodes (kept and discarded), latest first. */
export async function listEpisodes(
  db: Database,
  purifierId: string,
  filter: { kind?: DecayKind; kept?: boolean },
  page: number,
  perPage: number,
): Promise<{ rows: EpisodeRow[]; total: number }> {
  const where = sql`e.sensor_id IN ${linkedSensors(purifierId)}
    ${filter.kind ? sql`AND e.kind = ${filter.kind}` : sql``}
    ${filter.kept === undefined ? sql`` : sql`AND e.kept = ${filter.kept}`}`;
  const [rows, total] = await Promise.all([
    db.execute<EpisodeRow>(sql`
      SELECT ${EPISODE_COLUMNS} FROM decay_episodes e WHERE ${where}
       ORDER BY e.end_at DESC, e.id DESC
       LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    db.execute<{ total: string }>(
      sql`SELECT count(*) AS total FROM decay_episodes e WHERE ${where}`,
    ),
  ]);
  return { rows: rows.rows.map(fromRow), total: Number(total.rows[0]?.total ?? 0) };
}

/** One episode of the purifier's linked sensors, with the sensor's readings over it. */
export async function findEpisode(db: Database, purifierId: string, id: number) {
  const { rows } = await db.execute<EpisodeRow>(sql`
    SELECT ${EPISODE_COLUMNS} FROM decay_episodes e
     WHERE e.id = ${id} AND e.sensor_id IN ${linkedSensors(purifierId)}`);
  const row = rows[0];
  if (!row) return null;
  const episode = fromRow(row);
  const column = sql.raw(episode.kind === 'pm25' ? 'pm25' : 'co2');
  const points = await db.execute<{ t: string; v: number }>(sql`
    SELECT ts AS t, ${column} AS v FROM sensor_measures
     WHERE sensor_id = ${episode.sensorId} AND ${column} IS NOT NULL
       AND ts >= ${episode.startAt.toISOString()}::timestamptz
       AND ts <= ${episode.endAt.toISOString()}::timestamptz
     ORDER BY ts`);
  return {
    episode,
    points: points.rows.map((p) => ({ t: new Date(p.t).getTime(), v: Number(p.v) })),
  };
}

/** The targets as a list: each ASHRAE 241 category and each Lancet tier, met or not. */
function targetList(air: ReturnType<typeof cleanAir>): CleanAirTarget[] {
  const { ashrae241, lancet } = CLEAN_AIR_TARGETS;
  const lancetRank = air.targets?.lancet
    ? lancet.tiers.findIndex((t) => t.tier === air.targets!.lancet)
    : -1;
  return [
    ...(Object.keys(ashrae241.lpsPerPerson) as (keyof typeof ashrae241.lpsPerPerson)[]).map(
      (category) => ({
        source: 'ashrae_241' as const,
        reference: ashrae241.source,
        tier: category,
        lps_per_person: ashrae241.lpsPerPerson[category],
        ach: null,
        met: air.targets?.ashrae241?.[category] ?? null,
      }),
    ),
    ...lancet.tiers.map((t, i) => ({
      source: 'lancet' as const,
      reference: lancet.source,
      tier: t.tier,
      lps_per_person: t.lpsPerPerson,
      ach: t.ach,
      met: air.ach === null ? null : i <= lancetRank,
    })),
  ];
}

const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * A purifier's measured air changes against its targets, from the stored episodes of its linked
 * sensors (the API's answer, and what the worker's verdicts are made of).
 */
export async function computeEffectiveness(
  db: Database,
  row: PurifierRow,
  now: Date,
): Promise<PurifierEffectiveness> {
  const id = row.id;
  const inputs = await effectivenessInputs(db, id, now);
  const found = inputs.episodes.map(asFound);
  const roomVolumeM3 = row.pieceVolume;
  const filtration = summarizeModes(
    found.filter((e) => e.kind === 'pm25'),
    {
      roomVolumeM3,
      targetAch: row.hourlyRecyclingRate,
      targetSilentAch: row.silentHourlyRecyclingRate,
    },
  );
  const ventilation = summarizeVentilation(found.filter((e) => e.kind === 'co2'));
  const currentMode: PurifierMode = row.reported?.mode ?? row.desired.mode;
  const air = cleanAir({
    ventilationAch: ventilation.ach,
    // Off, the purifier filters nothing (its `ach` is then the room's natural rate).
    filtrationAch: currentMode === 'off' ? 0 : filtration.modes[currentMode].ach,
    roomVolumeM3,
    occupants: row.occupants,
  });
  const modes = Object.fromEntries(
    Object.entries(filtration.modes).map(([mode, m]) => [
      mode,
      {
        ach: round(m.ach),
        ach_low: round(m.ach_low),
        ach_high: round(m.ach_high),
        cadr_m3h: round(m.cadr_m3h, 0),
        episodes: m.episodes,
        needed: m.needed,
        target_ach: m.target,
        verdict: m.verdict,
        conclusive: m.conclusive,
      },
    ]),
  ) as PurifierEffectiveness['modes'];
  return {
    '@id': `/api/purifiers/${id}/effectiveness`,
    '@type': 'PurifierEffectiveness',
    target_ach: row.hourlyRecyclingRate,
    target_silent_ach: row.silentHourlyRecyclingRate,
    room_volume_m3: roomVolumeM3,
    natural_ach: round(filtration.natural_ach),
    natural_ach_source: filtration.natural_ach_source,
    ventilation_ach: round(ventilation.ach),
    ventilation_ach_low: round(ventilation.ach_low),
    ventilation_ach_high: round(ventilation.ach_high),
    ventilation_episodes: ventilation.episodes,
    ventilation_needed: ventilation.needed,
    outdoor_co2_ppm: round(inputs.outdoorCo2, 0),
    modes,
    current_mode: currentMode,
    equivalent_clean_ach: round(air.ach),
    occupants: row.occupants,
    clean_air_lps_per_person: round(air.lps_per_person, 1),
    targets: targetList(air),
    sensors: inputs.sensors,
    window_days: EFFECTIVENESS_WINDOW_DAYS,
    updated_at: inputs.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Keeps the verdict in auto (against the TRH) of the purifiers of a sensor's room, after an
 * examination: `below_since` holds while the verdict stays below, so "below for a week" can be
 * told; the fleet's and the overview's counts read these rows.
 */
export async function refreshVerdicts(db: Database, sensorId: string, now: Date): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT purifier_id AS id FROM sensor_purifiers WHERE sensor_id = ${sensorId}`,
  );
  for (const { id } of rows) {
    const row = await findPurifier(db, id);
    if (!row) continue;
    const { modes } = await computeEffectiveness(db, row, now);
    const auto = modes.auto;
    const verdict =
      auto.verdict === 'below' || auto.verdict === 'meets' ? auto.verdict : 'not_enough_data';
    await db.execute(sql`
      INSERT INTO purifier_air_verdicts (purifier_id, verdict, ach, target_ach, below_since, updated_at)
      VALUES (${id}, ${verdict}, ${auto.ach}, ${row.hourlyRecyclingRate},
              ${verdict === 'below' ? now.toISOString() : null}::timestamptz, ${now.toISOString()}::timestamptz)
      ON CONFLICT (purifier_id) DO UPDATE SET
        verdict = EXCLUDED.verdict, ach = EXCLUDED.ach, target_ach = EXCLUDED.target_ach,
        below_since = CASE WHEN EXCLUDED.verdict <> 'below' THEN NULL
                           ELSE coalesce(purifier_air_verdicts.below_since, EXCLUDED.below_since) END,
        updated_at = EXCLUDED.updated_at`);
  }
}
