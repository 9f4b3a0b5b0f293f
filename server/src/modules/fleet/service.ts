import { FLEET_LIST_SIZE, type FleetDevice, type FleetSummary } from '@aircloud/shared/fleet';
import type { FleetPurifiersQuery, FleetSensorsQuery } from '@aircloud/shared/fleet';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { readFleetCounts } from '@aircloud/core/fleet/counts';
import {
  fleetPurifiers,
  fleetSensors,
  offlineDevices,
  airChangeCounts,
  purifierShortList,
  type FleetDeviceRow,
} from '@aircloud/core/fleet/devices';
import { acceptedPerMinute } from '@aircloud/core/fleet/telemetry-rate';
import { hydraCollection, iri } from '@aircloud/core/jsonld';
import type { AppContext } from '../../context.ts';
import { activeRollouts } from '../firmware-rollouts/service.ts';

/** One device of a fleet list as the API answers it. */
export function fleetDevicePresenter(row: FleetDeviceRow): FleetDevice {
  return {
    '@id': iri(row.kind === 'purifier' ? 'purifiers' : 'sensors', row.id),
    '@type': 'FleetDevice',
    kind: row.kind,
    ulid: row.id,
    name: row.name,
    serial_number: row.serial_number,
    model: row.model,
    state: row.state,
    soft_version: row.soft_version,
    maintenance_min: row.maintenance_min,
    wifi_state: row.wifi_state,
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    owner: row.owner_id
      ? {
          ulid: row.owner_id,
          firstname: row.owner_firstname ?? '',
          lastname: row.owner_lastname ?? '',
          email: row.owner_email ?? '',
        }
      : null,
  };
}

/**
 * GET /api/fleet: the counts (kept by the database, a few dozen rows), the three short lists
 * (each one index range) and the telemetry rate (Redis), read side by side.
 */
export async function fleetSummary(
  ctx: Pick<AppContext, 'db' | 'redis' | 'config'>,
  now = new Date(),
): Promise<FleetSummary> {
  const [counts, offline, held, due, telemetry, rollouts, airChanges, airBelow] = await Promise.all(
    [
      readFleetCounts(ctx.db),
      offlineDevices(ctx.db, FLEET_LIST_SIZE),
      purifierShortList(ctx.db, { held: true }, FLEET_LIST_SIZE),
      purifierShortList(ctx.db, { maintenance_due: true }, FLEET_LIST_SIZE),
      acceptedPerMinute(ctx.redis, ctx.config.redisPrefix, now),
      activeRollouts(ctx.db, FLEET_LIST_SIZE),
      airChangeCounts(ctx.db),
      purifierShortList(ctx.db, { air_below: true }, FLEET_LIST_SIZE),
    ],
  );
  return {
    '@id': '/api/fleet',
    '@type': 'FleetSummary',
    ...counts,
    offline: offline.map(fleetDevicePresenter),
    held: held.map(fleetDevicePresenter),
    maintenance_due: due.map(fleetDevicePresenter),
    telemetry,
    rollouts,
    air_changes: airChanges,
    air_below: airBelow.map(fleetDevicePresenter),
    generated_at: now.toISOString(),
  };
}

/** How long one computed summary serves every request and push of this process (ms). */
export const FLEET_SUMMARY_TTL_MS = 1_000;

/** Per database (tests run several apps in one process), the summary being shared. */
const shared = new WeakMap<object, { at: number; summary: Promise<FleetSummary> }>();

/**
 * The fleet summary, computed at most once a second per process however many administrators
 * and fleet sockets ask at once (they share the one in flight). A hand-written single-flight:
 * one promise and a timestamp is the whole primitive, no cache library needed for it.
 */
export function sharedFleetSummary(
  ctx: Pick<AppContext, 'db' | 'redis' | 'config'>,
  now = Date.now(),
): Promise<FleetSummary> {
  const current = shared.get(ctx.db);
  if (current && now - current.at < FLEET_SUMMARY_TTL_MS) return current.summary;
  const summary = fleetSummary(ctx, new Date(now));
  const entry = { at: now, summary };
  shared.set(ctx.db, entry);
  // A failed computation is not kept: the next request tries again.
  summary.catch(() => {
    if (shared.get(ctx.db) === entry) shared.delete(ctx.db);
  });
  return summary;
}

/** GET /api/fleet/purifiers: the list behind a purifier count. */
export async function listFleetPurifiers(
  ctx: Pick<AppContext, 'db'>,
  query: FleetPurifiersQuery,
): Promise<HydraCollection<FleetDevice>> {
  const { page, ...filters } = query;
  const { rows, total } = await fleetPurifiers(ctx.db, filters, page);
  return hydraCollection(
    '/api/fleet/purifiers',
    'FleetDevice',
    rows.map(fleetDevicePresenter),
    total,
    {
      page,
      params: {
        wifi_state: filters.wifi_state,
        state: filters.state,
        model: filters.model,
        soft_version: filters.soft_version,
        held: filters.held ? 'true' : undefined,
        maintenance_due: filters.maintenance_due ? 'true' : undefined,
        air_below: filters.air_below ? 'true' : undefined,
      },
    },
  );
}

/** GET /api/fleet/sensors: the list behind a sensor count. */
export async function listFleetSensors(
  ctx: Pick<AppContext, 'db'>,
  query: FleetSensorsQuery,
): Promise<HydraCollection<FleetDevice>> {
  const { page, ...filters } = query;
  const { rows, total } = await fleetSensors(ctx.db, filters, page);
  return hydraCollection(
    '/api/fleet/sensors',
    'FleetDevice',
    rows.map(fleetDevicePresenter),
    total,
    {
      page,
      params: { wifi_state: filters.wifi_state },
    },
  );
}
