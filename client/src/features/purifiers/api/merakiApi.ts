import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { MerakiSettings, NetworkEvent } from '@aircloud/shared/network-events';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** The Meraki tab's calls: webhook settings, secret rotation and the event history. */
export const merakiApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['MerakiSettings', 'NetworkEvent'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getMerakiSettings: build.query<MerakiSettings, string>({
        query: (ulid) => `/api/purifiers/${ulid}/meraki`,
        providesTags: (_result, _error, ulid) => [{ type: 'MerakiSettings', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      rotateMerakiSecret: build.mutation<MerakiSettings, string>({
        query: (ulid) => ({ url: `/api/purifiers/${ulid}/meraki/rotate-secret`, method: 'POST' }),
        async onQueryStarted(ulid, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(merakiApi.util.upsertQueryData('getMerakiSettings', ulid, data));
          } catch {
            // The dialog shows the error.
          }
        },
        extraOptions: { globalErrors: false },
      }),
      listNetworkEvents: build.query<HydraCollection<NetworkEvent>, { ulid: string; page: number }>(
        {
          query: ({ ulid, page }) => ({
            url: `/api/purifiers/${ulid}/network_events`,
            params: { page: String(page) },
          }),
          providesTags: (_result, _error, { ulid }) => [{ type: 'NetworkEvent', id: ulid }],
          extraOptions: { globalErrors: false },
        },
      ),
    }),
  });

export const {
  useGetMerakiSettingsQuery,
  useRotateMerakiSecretMutation,
  useListNetworkEventsQuery,
} = merakiApi;
