import type { PurifierLive } from '@aircloud/shared/realtime';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type {
  DecayEpisode,
  DecayEpisodeDetail,
  MaintenanceForecast,
  ModeEffectiveness,
  PurifierEffectiveness,
} from '@aircloud/shared/effectiveness';
import type { Purifier } from '@aircloud/shared/purifiers';
import { makeMe } from './fixtures.ts';

export const PURIFIER_ULID = '01JPURIFIER000000000000000';

/** A purifier as GET /api/purifiers/{ulid} answers it, owned by makeMe()'s user. */
export function makePurifier(overrides: Partial<Purifier> = {}): Purifier {
  const purifier = {
    '@id': `/api/purifiers/${PURIFIER_ULID}`,
    '@type': 'Purifier',
    ulid: PURIFIER_ULID,
    name: 'Living room',
    short_name: '',
    serial_number: 'HEPA_COCOON-000042',
    model: 'HEPA_COCOON',
    owner: makeMe()['@id'],
    product_key: '/api/product_keys/01JKEY',
    system_date: '2026-01-10',
    hourly_recycling_rate: 5,
    silent_hourly_recycling_rate: 5,
    piece_volume: 40,
    count_piece_connected_object: 1,
    occupants: null,
    is_public: false,
    timezone: 'Europe/Paris',
    mode: 'auto',
    reported_mode: null,
    schedule: null,
    state: 'operational',
    wifi_state: 'not_configured',
    last_seen_at: null,
    reporting_interval_s: 60,
    maintenance_levels: {
      prefilter: 100,
      filters: 80,
      module_1: 100,
      module_2: 45,
      module_3: 10,
      module_4: 100,
    },
    ip_address: null,
    mac_address: null,
    soft_version: null,
    ssid: null,
    mqtt_url: null,
    desired: {
      mode: 'auto',
      trh: 5,
      silent_trh: 5,
      schedule: null,
      version: 1,
      updated_at: '2026-01-10T08:00:00Z',
      source: 'user',
    },
    reported: null,
    desired_ack_version: null,
    pending: false,
    created_at: '2026-01-10T08:00:00Z',
    updated_at: '2026-01-10T08:00:00Z',
  };
  // Cast: the device-connection fields may or may not be in this checkout's Purifier type yet.
  return { ...purifier, ...overrides } as Purifier;
}

/** A hydra collection page of `members`. */
export function hydra<T>(members: T[], total = members.length): HydraCollection<T> {
  return {
    '@context': '/api/contexts/Purifier',
    '@id': '/api/purifiers',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}

/** The live form of a purifier, as the server pushes it on `purifier:updated`. */
export function liveOf(purifier: Purifier): PurifierLive {
  return {
    ulid: purifier.ulid,
    state: purifier.state,
    wifi_state: purifier.wifi_state,
    mode: purifier.mode,
    reported_mode: purifier.reported_mode,
    pending: purifier.pending,
    desired: purifier.desired,
    maintenance_levels: purifier.maintenance_levels,
    last_seen_at: purifier.last_seen_at,
  };
}

function modeFigures(overrides: Partial<ModeEffectiveness> = {}): ModeEffectiveness {
  return {
    ach: null,
    ach_low: null,
    ach_high: null,
    cadr_m3h: null,
    episodes: 0,
    needed: 5,
    target_ach: 5,
    verdict: 'not_enough_data',
    conclusive: false,
    ...overrides,
  };
}

/**
 * A purifier's measured air changes (GET …/effectiveness): by default examined, auto below its
 * TRH of 5 (4.4, conclusive), boost meeting it, silence short of decays, off measured.
 */
export function makeEffectiveness(
  overrides: Partial<PurifierEffectiveness> = {},
): PurifierEffectiveness {
  return {
    '@id': `/api/purifiers/${PURIFIER_ULID}/effectiveness`,
    '@type': 'PurifierEffectiveness',
    target_ach: 5,
    target_silent_ach: 3,
    room_volume_m3: 30,
    natural_ach: 1.5,
    natural_ach_source: 'measured',
    ventilation_ach: 0.4,
    ventilation_ach_low: 0.3,
    ventilation_ach_high: 0.5,
    ventilation_episodes: 6,
    ventilation_needed: 0,
    outdoor_co2_ppm: 420,
    modes: {
      off: modeFigures({
        ach: 1.5,
        ach_low: 1.4,
        ach_high: 1.6,
        episodes: 12,
        needed: 0,
        target_ach: null,
        verdict: 'natural',
      }),
      silence: modeFigures({ episodes: 2, needed: 3, target_ach: 3 }),
      auto: modeFigures({
        ach: 4.4,
        ach_low: 4.2,
        ach_high: 4.6,
        cadr_m3h: 132,
        episodes: 21,
        needed: 0,
        verdict: 'below',
        conclusive: true,
      }),
      boost: modeFigures({
        ach: 7.2,
        ach_low: 6.9,
        ach_high: 7.4,
        cadr_m3h: 216,
        episodes: 9,
        needed: 0,
        verdict: 'meets',
        conclusive: true,
      }),
    },
    current_mode: 'auto',
    equivalent_clean_ach: 4.8,
    occupants: null,
    clean_air_lps_per_person: null,
    targets: [
      ...(['office', 'classroom', 'restaurant', 'gym'] as const).map((tier, i) => ({
        source: 'ashrae_241' as const,
        reference:
          'ANSI/ASHRAE Standard 241-2023, Control of Infectious Aerosols, Table 5-1 (ECAi)',
        tier,
        lps_per_person: [14.2, 18.9, 28.3, 37.8][i] ?? null,
        ach: null,
        met: null,
      })),
      ...(['good', 'better', 'best'] as const).map((tier, i) => ({
        source: 'lancet' as const,
        reference:
          'Lancet COVID-19 Commission, Proposed Non-infectious Air Delivery Rates (NADR), November 2022',
        tier,
        lps_per_person: [10, 14, 14][i] ?? null,
        ach: [4, 6, 6][i] ?? null,
        met: i === 0,
      })),
    ],
    sensors: 1,
    window_days: 28,
    updated_at: '2026-11-27T09:00:00Z',
    ...overrides,
  };
}

/** A decay episode as the list answers it (kept PM2.5 in boost by default). */
export function makeEpisode(id: string, overrides: Partial<DecayEpisode> = {}): DecayEpisode {
  return {
    '@id': `/api/purifiers/${PURIFIER_ULID}/decay_episodes/${id}`,
    '@type': 'DecayEpisode',
    id,
    sensor: '/api/sensors/01JSENSOR00000000000000001',
    kind: 'pm25',
    start: '2026-11-27T08:00:00Z',
    end: '2026-11-27T08:16:00Z',
    mode: 'boost',
    peak: 103.6,
    background: 5.2,
    rate: 8.35,
    r2: 0.998,
    samples: 17,
    kept: true,
    reason: null,
    fit_from: '2026-11-27T08:04:00Z',
    fit_to: '2026-11-27T08:11:00Z',
    ...overrides,
  };
}

/** An episode with its readings and fitted line: an exact decay at `rate` per hour. */
export function makeEpisodeDetail(
  id: string,
  overrides: Partial<DecayEpisode> = {},
): DecayEpisodeDetail {
  const episode = makeEpisode(id, overrides);
  const t0 = Date.parse(episode.start);
  const rate = episode.rate ?? 8;
  const at = (minute: number) => ({
    t: new Date(t0 + minute * 60_000).toISOString(),
    v: episode.background + 98 * Math.exp((-rate * minute) / 60),
  });
  const minutes = Array.from({ length: 17 }, (_, i) => i);
  return {
    ...episode,
    points: minutes.map(at),
    fitted: minutes.filter((m) => m >= 4 && m <= 11).map(at),
  };
}

/** A maintenance forecast (GET …/maintenance_forecast): nothing worn unless overridden. */
export function makeForecast(overrides: Partial<MaintenanceForecast> = {}): MaintenanceForecast {
  const part = { level: 100, pace_per_day: null, due_at: null, last_replaced_at: null };
  return {
    '@id': `/api/purifiers/${PURIFIER_ULID}/maintenance_forecast`,
    '@type': 'MaintenanceForecast',
    replacement_level: 10,
    consumables: {
      prefilter: part,
      filters: part,
      module_1: part,
      module_2: part,
      module_3: part,
      module_4: part,
    },
    ach_trend_per_week: null,
    ach_trend_episodes: 0,
    ...overrides,
  };
}
