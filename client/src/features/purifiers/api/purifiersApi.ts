import type { HydraCollection } from '@aircloud/shared/jsonld';
import { PURIFIER_STATES, WIFI_STATES } from '@aircloud/shared/purifier-states';
import type {
  ActivatePurifierInput,
  MaintenanceEvent,
  MaintenanceEventInput,
  PatchPurifierInput,
  Purifier,
  PurifierState,
  WifiState,
} from '@aircloud/shared/purifiers';
import { apiSlice } from '../../../lib/api/apiSlice.ts';
import { listPage, oneOf } from '../../../lib/navigation/useListQuery.ts';
import type { AppDispatch } from '../../../lib/storeHooks.ts';

/** Query of the purifier list (admins may add `user` to see another account's purifiers). */
export interface PurifiersListArgs {
  page: number;
  search?: string;
  wifi_state?: WifiState;
  state?: PurifierState;
  user?: string;
}

/** The list query of a URL: its filters (`user` as it came: admin view-as-user) and page. */
export function purifierListArgs(params: URLSearchParams): PurifiersListArgs {
  return {
    search: params.get('search') ?? undefined,
    wifi_state: oneOf<WifiState>(WIFI_STATES, params.get('wifi_state')),
    state: oneOf<PurifierState>(PURIFIER_STATES, params.get('state')),
    user: params.get('user') ?? undefined,
    page: listPage(params),
  };
}

function definedParams(args: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** Purifier calls: list, activation, detail, settings, maintenance; every error stays inline. */
export const purifiersApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Purifier', 'MaintenanceEvent', 'Effectiveness'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPurifiers: build.query<HydraCollection<Purifier>, PurifiersListArgs>({
        query: (args) => ({ url: '/api/purifiers', params: definedParams(args) }),
        providesTags: [{ type: 'Purifier', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      activatePurifier: build.mutation<Purifier, ActivatePurifierInput>({
        query: (body) => ({ url: '/api/purifiers/activate', method: 'POST', body }),
        invalidatesTags: [{ type: 'Purifier', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      getPurifier: build.query<Purifier, string>({
        query: (ulid) => `/api/purifiers/${ulid}`,
        providesTags: (_result, _error, ulid) => [{ type: 'Purifier', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      patchPurifier: build.mutation<Purifier, { ulid: string; patch: PatchPurifierInput }>({
        query: ({ ulid, patch }) => ({
          url: `/api/purifiers/${ulid}`,
          method: 'PATCH',
          body: patch,
        }),
        // The answer is the new purifier: the detail is updated without a second request.
        async onQueryStarted({ ulid }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(purifiersApi.util.upsertQueryData('getPurifier', ulid, data));
          } catch {
            // The form shows the error.
          }
        },
        // The occupants, volume and TRH enter the measured air changes and their targets.
        invalidatesTags: (_result, _error, { ulid }) => [
          { type: 'Purifier', id: 'LIST' },
          { type: 'Effectiveness', id: ulid },
        ],
        extraOptions: { globalErrors: false },
      }),
      deletePurifier: build.mutation<void, string>({
        query: (ulid) => ({ url: `/api/purifiers/${ulid}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Purifier', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      unlinkPurifierSensor: build.mutation<void, { ulid: string; sensor: string }>({
        query: ({ ulid, sensor }) => ({
          url: `/api/purifiers/${ulid}/sensors/${sensor}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_result, _error, { ulid }) => [{ type: 'Purifier', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      listMaintenanceEvents: build.query<
        HydraCollection<MaintenanceEvent>,
        { ulid: string; page: number }
      >({
        query: ({ ulid, page }) => ({
          url: `/api/purifiers/${ulid}/maintenance_events`,
          params: { page: String(page) },
        }),
        providesTags: (_result, _error, { ulid }) => [{ type: 'MaintenanceEvent', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      recordMaintenanceEvent: build.mutation<
        MaintenanceEvent,
        { ulid: string; event: MaintenanceEventInput }
      >({
        query: ({ ulid, event }) => ({
          url: `/api/purifiers/${ulid}/maintenance_events`,
          method: 'POST',
          body: event,
        }),
        // The level of the replaced part is back to 100 %: reload the purifier too.
        invalidatesTags: (_result, _error, { ulid }) => [
          { type: 'MaintenanceEvent', id: ulid },
          { type: 'Purifier', id: ulid },
          { type: 'Purifier', id: 'LIST' },
          // The forecast and the trend of the air changes start again from the replacement.
          { type: 'Effectiveness', id: ulid },
        ],
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListPurifiersQuery,
  useActivatePurifierMutation,
  useGetPurifierQuery,
  usePatchPurifierMutation,
  useDeletePurifierMutation,
  useUnlinkPurifierSensorMutation,
  useListMaintenanceEventsQuery,
  useRecordMaintenanceEventMutation,
} = purifiersApi;

/**
 * Starts the list a URL of the purifier list shows, as soon as the navigation is allowed: the
 * page, when it mounts, finds the request under way (same arguments) instead of starting it.
 */
export function prefetchPurifierList(dispatch: AppDispatch, url: URL): void {
  void dispatch(
    purifiersApi.util.prefetch('listPurifiers', purifierListArgs(url.searchParams), {}),
  );
}
