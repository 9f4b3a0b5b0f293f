import { z } from 'zod';
import {
  DECAY_DISCARD_REASONS,
  DECAY_KINDS,
  EFFECTIVENESS_VERDICTS,
  EFFECTIVENESS_WINDOW_DAYS,
} from '@aircloud/shared/effectiveness';
import { MAINTENANCE_LEVEL_KEYS, PURIFIER_MODES } from '@aircloud/shared/purifiers';
import { UlidParam } from '../../openapi/schemas.ts';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';

const documentRoute = routeDocumenter({ tags: ['purifiers'], access: 'user' });

const ach = () => z.number().nullable();

const ModeSchema = z.object({
  ach: ach().openapi({ description: 'Equivalent air changes per hour over the natural rate' }),
  ach_low: ach().openapi({ description: '95 % confidence interval, low end' }),
  ach_high: ach().openapi({ description: '95 % confidence interval, high end' }),
  cadr_m3h: z.number().nullable().openapi({ description: 'Clean-air delivery: ach × volume' }),
  episodes: z.number().int().openapi({ description: 'Kept decays of the mode in the window' }),
  needed: z.number().int().openapi({ description: 'More kept decays needed (0: enough)' }),
  target_ach: z.number().int().nullable().openapi({ description: 'TRH (silent TRH for silence)' }),
  verdict: z.enum(EFFECTIVENESS_VERDICTS),
  conclusive: z
    .boolean()
    .openapi({ description: 'The whole confidence interval lies on the verdict’s side' }),
});

const EffectivenessSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('PurifierEffectiveness'),
    target_ach: z.number().int(),
    target_silent_ach: z.number().int(),
    room_volume_m3: z.number().nullable(),
    natural_ach: ach(),
    natural_ach_source: z.enum(['measured', 'default']),
    ventilation_ach: ach(),
    ventilation_ach_low: ach(),
    ventilation_ach_high: ach(),
    ventilation_episodes: z.number().int(),
    ventilation_needed: z.number().int(),
    outdoor_co2_ppm: z.number().nullable(),
    modes: z.object(Object.fromEntries(PURIFIER_MODES.map((m) => [m, ModeSchema]))),
    current_mode: z.enum(PURIFIER_MODES),
    equivalent_clean_ach: ach(),
    occupants: z.number().int().nullable(),
    clean_air_lps_per_person: z.number().nullable(),
    targets: z.array(
      z.object({
        source: z.enum(['ashrae_241', 'lancet']),
        reference: z.string(),
        tier: z.string(),
        lps_per_person: z.number().nullable(),
        ach: z.number().nullable(),
        met: z.boolean().nullable(),
      }),
    ),
    sensors: z.number().int(),
    window_days: z.number().int(),
    updated_at: dateTime().nullable(),
  })
  .openapi('PurifierEffectiveness');

const EpisodeSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('DecayEpisode'),
    id: z.string(),
    sensor: z.string(),
    kind: z.enum(DECAY_KINDS),
    start: dateTime(),
    end: dateTime(),
    mode: z.enum(PURIFIER_MODES).nullable(),
    peak: z.number(),
    background: z.number(),
    rate: z.number().nullable().openapi({ description: 'Total decay rate, per hour' }),
    r2: z.number().nullable(),
    samples: z.number().int(),
    kept: z.boolean(),
    reason: z.enum(DECAY_DISCARD_REASONS).nullable(),
    fit_from: dateTime().nullable().openapi({ description: 'The fitted part of the fall' }),
    fit_to: dateTime().nullable(),
  })
  .openapi('DecayEpisode');

const point = z.object({ t: dateTime(), v: z.number() });

const METHOD =
  'From the decays of PM2.5 that the linked sensors saw (several purifiers in one room share ' +
  'them; the strongest mode counts) and of CO2 in unoccupied hours, over the last ' +
  `${EFFECTIVENESS_WINDOW_DAYS} days; docs/effectiveness.md explains the method.`;

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/effectiveness',
  operationId: 'getPurifierEffectiveness',
  summary: 'Measured air changes against the targets',
  description:
    'Per mode: equivalent air changes per hour (total decay rate minus the natural one, from ' +
    'decays with the purifiers off, or a documented default until there are some), their ' +
    'confidence interval, the clean-air delivery (× room volume) and a verdict against the TRH ' +
    '(the silent TRH for silence): meets, below, or not_enough_data (`needed` more decays). ' +
    'Ventilation in outdoor-air changes per hour; the equivalent clean air (ventilation + ' +
    'filtration in the current mode) and, with `occupants`, in L/s per person against ASHRAE ' +
    '241 and the Lancet Commission. Nulls where there is not enough data. ' +
    METHOD,
  responses: { 200: { description: 'The figures', schema: EffectivenessSchema } },
  errors: [404],
});

const ConsumableSchema = z.object({
  level: z.number(),
  pace_per_day: z
    .number()
    .nullable()
    .openapi({ description: 'Points of life per day at the recent pace (negative: wearing)' }),
  due_at: dateTime()
    .nullable()
    .openapi({ description: 'When it reaches the replacement level (past: overdue)' }),
  last_replaced_at: dateTime().nullable(),
});

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/maintenance_forecast',
  operationId: 'getPurifierMaintenanceForecast',
  summary: 'When each consumable is due',
  description:
    'From the levels the purifier reported each day (the last 30 days, since the last ' +
    'replacement of that consumable): the pace and the date each reaches the replacement ' +
    'level, the caller’s notification percentage (`maintenance_percent`, 10 by default). ' +
    '`ach_trend_per_week`: how the measured air changes in auto move per week since the ' +
    'filters’ last replacement (negative: the filter is loading), from at least 5 decays.',
  responses: {
    200: {
      description: 'The forecast',
      schema: z
        .object({
          '@id': z.string(),
          '@type': z.literal('MaintenanceForecast'),
          replacement_level: z.number().int(),
          consumables: z.object(
            Object.fromEntries(MAINTENANCE_LEVEL_KEYS.map((k) => [k, ConsumableSchema])),
          ),
          ach_trend_per_week: z.number().nullable(),
          ach_trend_episodes: z.number().int(),
        })
        .openapi('MaintenanceForecast'),
    },
  },
  errors: [404],
});

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/decay_episodes',
  operationId: 'listPurifierDecayEpisodes',
  summary: 'The decay episodes of the purifier’s room',
  description:
    'Kept and discarded (with the reason), the latest first, 20 per page. `kind`: pm25 ' +
    '(filtration) or co2 (ventilation). ' +
    METHOD,
  query: z.object({
    kind: z.enum(DECAY_KINDS).optional(),
    kept: z.enum(['true', 'false']).optional(),
    page: z.string().optional().openapi({ example: '1' }),
  }),
  responses: { 200: collectionResponse(EpisodeSchema, 'DecayEpisodeCollection') },
  errors: [404, 422],
});

documentRoute({
  method: 'get',
  path: '/api/purifiers/{ulid}/decay_episodes/{id}',
  operationId: 'getPurifierDecayEpisode',
  summary: 'One decay episode with its readings and fitted line',
  params: z.object({ ulid: UlidParam, id: z.string().regex(/^\d+$/).openapi({ example: '1' }) }),
  responses: {
    200: {
      description: 'The episode',
      schema: EpisodeSchema.extend({ points: z.array(point), fitted: z.array(point) }).openapi(
        'DecayEpisodeDetail',
      ),
    },
  },
  errors: [404],
});
