import type { HydraCollection } from '@aircloud/shared/jsonld';
import type {
  DecayEpisode,
  DecayEpisodeDetail,
  DecayKind,
  MaintenanceForecast,
  PurifierEffectiveness,
} from '@aircloud/shared/effectiveness';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** A page of a purifier's decay episodes, filtered by kind and by kept or discarded. */
export interface DecayEpisodesArgs {
  ulid: string;
  kind?: DecayKind;
  kept?: 'true' | 'false';
  page: number;
}

/**
 * Measured air changes (issue 25): the purifier's figures, its decay episodes and one with its
 * readings and fitted line, and the maintenance forecast. Every error stays inline.
 */
export const airChangesApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Effectiveness'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getEffectiveness: build.query<PurifierEffectiveness, string>({
        query: (ulid) => `/api/purifiers/${ulid}/effectiveness`,
        providesTags: (_result, _error, ulid) => [{ type: 'Effectiveness', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      listDecayEpisodes: build.query<HydraCollection<DecayEpisode>, DecayEpisodesArgs>({
        query: ({ ulid, kind, kept, page }) => ({
          url: `/api/purifiers/${ulid}/decay_episodes`,
          params: {
            ...(kind ? { kind } : {}),
            ...(kept ? { kept } : {}),
            page: String(page),
          },
        }),
        extraOptions: { globalErrors: false },
      }),
      getDecayEpisode: build.query<DecayEpisodeDetail, { ulid: string; id: string }>({
        query: ({ ulid, id }) => `/api/purifiers/${ulid}/decay_episodes/${id}`,
        extraOptions: { globalErrors: false },
      }),
      getMaintenanceForecast: build.query<MaintenanceForecast, string>({
        query: (ulid) => `/api/purifiers/${ulid}/maintenance_forecast`,
        providesTags: (_result, _error, ulid) => [{ type: 'Effectiveness', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useGetEffectivenessQuery,
  useListDecayEpisodesQuery,
  useGetDecayEpisodeQuery,
  useGetMaintenanceForecastQuery,
} = airChangesApi;
