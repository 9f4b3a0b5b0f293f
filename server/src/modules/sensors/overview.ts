import { Router } from 'express';
import { LEVELLED_MEASURES } from '@aircloud/shared/air-quality';
import { wifiState } from '@aircloud/shared/purifiers';
import {
  OVERVIEW_BUCKET_S,
  OVERVIEW_MAX_TILES,
  OVERVIEW_SPARKLINE_S,
  type SensorOverviewTile,
} from '@aircloud/shared/sensor-overview';
import { sensorAccessCondition } from '@aircloud/core/access/machine-access';
import { hydraCollection, iri } from '@aircloud/core/jsonld';
import { overviewOf, type OverviewRow } from '@aircloud/core/sensors/overview';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import './overview-openapi.ts';

const BUCKETS = OVERVIEW_SPARKLINE_S / OVERVIEW_BUCKET_S;

function tilePresenter(row: OverviewRow, from: Date, now: Date): SensorOverviewTile {
  const { sensor } = row;
  return {
    '@id': iri('sensors', sensor.id),
    '@type': 'SensorOverviewTile',
    ulid: sensor.id,
    name: sensor.name,
    short_name: sensor.shortName,
    wifi_state: wifiState(sensor.lastSeenAt, sensor.reportingIntervalS, now),
    last_seen_at: sensor.lastSeenAt?.toISOString() ?? null,
    last_sample: row.lastSample,
    purifiers: row.purifiers.map((p) => ({
      '@id': iri('purifiers', p.id),
      ulid: p.id,
      name: p.name,
      mode: p.mode,
      reported_mode: p.reportedMode,
      wifi_state: wifiState(p.lastSeenAt, p.reportingIntervalS, now),
      air_verdict: p.airVerdict,
      measured_ach: p.measuredAch === null ? null : Math.round(p.measuredAch * 10) / 10,
      target_ach: p.targetAch,
    })),
    sparkline: {
      from: from.toISOString(),
      step_s: OVERVIEW_BUCKET_S,
      values: Object.fromEntries(
        LEVELLED_MEASURES.filter((m) => row.sparkline[m]).map((m) => [m, row.sparkline[m]!]),
      ),
    },
  };
}

/**
 * GET /api/sensor_overview: the building manager's overview, every sensor the caller may see
 * (owners and invitees theirs, technicians and admins all) up to OVERVIEW_MAX_TILES by name.
 */
export function sensorOverviewRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/', async (req, res) => {
    const now = new Date();
    // Whole buckets, the last one being the current (partial) one.
    const end = Math.ceil(now.getTime() / (OVERVIEW_BUCKET_S * 1000)) * OVERVIEW_BUCKET_S * 1000;
    const from = new Date(end - OVERVIEW_SPARKLINE_S * 1000);
    const { rows, total } = await overviewOf(ctx.db, sensorAccessCondition(currentUser(req)), {
      limit: OVERVIEW_MAX_TILES,
      from,
      bucketS: OVERVIEW_BUCKET_S,
      buckets: BUCKETS,
    });
    res.set('Cache-Control', 'no-store');
    res.json(
      hydraCollection(
        '/api/sensor_overview',
        'SensorOverviewTile',
        rows.map((r) => tilePresenter(r, from, now)),
        total,
        null,
      ),
    );
  });
  return router;
}
