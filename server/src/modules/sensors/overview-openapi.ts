import { z } from 'zod';
import { LEVELLED_MEASURES } from '@aircloud/shared/air-quality';
import { PURIFIER_MODES, WIFI_STATES } from '@aircloud/shared/purifiers';
import { OVERVIEW_MAX_TILES } from '@aircloud/shared/sensor-overview';
import { SENSOR_MEASURES } from '@aircloud/shared/sensors';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';

const documentRoute = routeDocumenter({ tags: ['sensors'], access: 'user' });

const TileSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('SensorOverviewTile'),
    ulid: z.string(),
    name: z.string(),
    short_name: z.string(),
    wifi_state: z.enum(WIFI_STATES),
    last_seen_at: dateTime().nullable(),
    last_sample: z
      .object({
        ts: dateTime(),
        ...Object.fromEntries(SENSOR_MEASURES.map((m) => [m, z.number().optional()])),
        iso: z.number().int().nullable().optional(),
      })
      .nullable(),
    purifiers: z.array(
      z.object({
        '@id': z.string(),
        ulid: z.string(),
        name: z.string(),
        mode: z.enum(PURIFIER_MODES),
        reported_mode: z.enum(PURIFIER_MODES).nullable(),
        wifi_state: z.enum(WIFI_STATES),
        air_verdict: z
          .enum(['meets', 'below', 'not_enough_data'])
          .nullable()
          .openapi({ description: 'Measured air changes in auto against the TRH' }),
        measured_ach: z.number().nullable(),
        target_ach: z.number().int(),
      }),
    ),
    sparkline: z.object({
      from: dateTime(),
      step_s: z.number().int(),
      values: z
        .object(
          Object.fromEntries(
            LEVELLED_MEASURES.map((m) => [m, z.array(z.number().nullable()).optional()]),
          ),
        )
        .openapi({ description: 'Bucket averages of each levelled measure, null where none' }),
    }),
  })
  .openapi('SensorOverviewTile');

documentRoute({
  method: 'get',
  path: '/api/sensor_overview',
  operationId: 'getSensorOverview',
  summary: "The building manager's overview of every room",
  description:
    'Every sensor the caller may see (owners and invitees theirs, technicians and admins all), ' +
    `at most ${OVERVIEW_MAX_TILES} by name (\`hydra:totalItems\` counts them all): the last ` +
    'sample, the five-minute averages of the last hour of CO2, PM2.5, PM10, TVOC and ' +
    "formaldehyde, and the linked purifiers' desired and reported modes. Live values then come " +
    'from the sensor channels of the socket.',
  responses: {
    200: collectionResponse(TileSchema, 'SensorOverviewTileCollection'),
  },
  errors: [401],
});
