import type { HydraCollection } from '@aircloud/shared/jsonld';
import type {
  DecayEpisode,
  DecayEpisodeDetail,
  DecayEpisodesQuery,
  MaintenanceForecast,
  PurifierEffectiveness,
} from '@aircloud/shared/effectiveness';
import { maintenanceForecast } from '@aircloud/core/effectiveness/forecast';
import { findPreferences } from '@aircloud/core/notifications/repository';
import { AppError } from '@aircloud/core/errors';
import { hydraCollection, iri } from '@aircloud/core/jsonld';
import { requireMachine } from '@aircloud/core/access/machine-access';
import type { UserRow } from '@aircloud/core/users/repository';
import {
  computeEffectiveness,
  findEpisode,
  listEpisodes,
  type EpisodeRow,
} from '@aircloud/core/effectiveness/report';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import type { AppContext } from '../../context.ts';

const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * GET /api/purifiers/{ulid}/maintenance_forecast: when each consumable is due at the caller's
 * own notification percentage, and how the measured air changes move as the filter loads.
 */
export async function getMaintenanceForecast(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<MaintenanceForecast> {
  const { row } = await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const preferences = await findPreferences(ctx.db, user.id);
  return maintenanceForecast(ctx.db, row, preferences.maintenance_percent, new Date());
}

/** GET /api/purifiers/{ulid}/effectiveness: measured air changes against the targets. */
export async function getEffectiveness(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<PurifierEffectiveness> {
  const { row } = await requireMachine(ctx.db, user, 'purifier', id, 'view');
  return computeEffectiveness(ctx.db, row, new Date());
}

function episodePresenter(purifierId: string, r: EpisodeRow): DecayEpisode {
  return {
    '@id': `/api/purifiers/${purifierId}/decay_episodes/${r.id}`,
    '@type': 'DecayEpisode',
    id: String(r.id),
    sensor: iri('sensors', r.sensorId),
    kind: r.kind,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    mode: r.mode,
    peak: round(r.peak, 1)!,
    background: round(r.background, 1)!,
    rate: round(r.rate, 3),
    r2: round(r.r2, 3),
    samples: r.samples,
    kept: r.kept,
    reason: r.reason,
    fit_from: r.fitFrom?.toISOString() ?? null,
    fit_to: r.fitTo?.toISOString() ?? null,
  };
}

/** GET /api/purifiers/{ulid}/decay_episodes: kept and discarded, latest first. */
export async function getDecayEpisodes(
  ctx: AppContext,
  user: UserRow,
  id: string,
  query: DecayEpisodesQuery,
): Promise<HydraCollection<DecayEpisode>> {
  await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const filter = {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.kept ? { kept: query.kept === 'true' } : {}),
  };
  const { rows, total } = await listEpisodes(ctx.db, id, filter, query.page, PAGE_SIZE);
  return hydraCollection(
    `/api/purifiers/${id}/decay_episodes`,
    'DecayEpisode',
    rows.map((r) => episodePresenter(id, r)),
    total,
    { page: query.page, params: { kind: query.kind, kept: query.kept } },
  );
}

/**
 * The decay the figures rest on, drawn: the fitted line is the background plus the excess that
 * best matches the readings at the episode's rate (least squares of the logarithm, the rate
 * held), so the number can be checked against the readings it came from.
 */
export function fittedLine(
  points: { t: number; v: number }[],
  background: number,
  ratePerHour: number,
): { t: number; v: number }[] {
  const t0 = points[0]?.t ?? 0;
  const hours = (t: number) => (t - t0) / 3_600_000;
  const usable = points.filter((p) => p.v - background > 0);
  if (usable.length === 0) return [];
  const logA =
    usable.reduce((sum, p) => sum + Math.log(p.v - background) + ratePerHour * hours(p.t), 0) /
    usable.length;
  return points.map((p) => ({
    t: p.t,
    v: background + Math.exp(logA - ratePerHour * hours(p.t)),
  }));
}

/** GET /api/purifiers/{ulid}/decay_episodes/{id}: one episode with its readings and fit. */
export async function getDecayEpisode(
  ctx: AppContext,
  user: UserRow,
  id: string,
  episodeId: string,
): Promise<DecayEpisodeDetail> {
  await requireMachine(ctx.db, user, 'purifier', id, 'view');
  const numeric = /^\d{1,15}$/.test(episodeId) ? Number(episodeId) : null;
  const found = numeric === null ? null : await findEpisode(ctx.db, id, numeric);
  if (!found) throw new AppError(404, 'not_found');
  const { episode, points } = found;
  const fitFrom = episode.fitFrom?.getTime() ?? null;
  const fitTo = episode.fitTo?.getTime() ?? null;
  const fitted =
    episode.rate === null || fitFrom === null || fitTo === null
      ? []
      : fittedLine(
          points.filter((p) => p.t >= fitFrom && p.t <= fitTo),
          episode.background,
          episode.rate,
        );
  const iso = (p: { t: number; v: number }) => ({
    t: new Date(p.t).toISOString(),
    v: Math.round(p.v * 10) / 10,
  });
  return {
    ...episodePresenter(id, episode),
    points: points.map(iso),
    fitted: fitted.map(iso),
  };
}
