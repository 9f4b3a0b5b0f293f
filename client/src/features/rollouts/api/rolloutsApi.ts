import type { Firmware } from '@aircloud/shared/firmware';
import type {
  FirmwareRollout,
  FirmwareRolloutDevice,
  RolloutCreate,
  RolloutDeviceStatus,
  RolloutStatus,
} from '@aircloud/shared/firmware-rollouts';
import type { FleetDevice } from '@aircloud/shared/fleet';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import { PAGE_SIZE } from '@aircloud/shared/constants';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** A rollout action of its page. */
export type RolloutAction = 'pause' | 'resume' | 'abort';

/** The query string of a list: empty filters left out. */
function paramsOf(filters: Record<string, string | number | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params[name] = String(value);
  return params;
}

/**
 * Firmware rollouts (technicians and administrators): the list, one rollout and its purifiers,
 * start, pause, resume, abort; and what the new-rollout dialog chooses from (firmware files, the
 * purifiers of a model).
 */
export const rolloutsApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Rollout', 'RolloutDevices'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listRollouts: build.query<
        HydraCollection<FirmwareRollout>,
        { status?: RolloutStatus; page: number }
      >({
        query: ({ status, page }) => ({
          url: '/api/firmware_rollouts',
          params: paramsOf({ status, page }),
        }),
        providesTags: [{ type: 'Rollout', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      getRollout: build.query<FirmwareRollout, string>({
        query: (ulid) => ({ url: `/api/firmware_rollouts/${ulid}` }),
        providesTags: (_result, _error, ulid) => [{ type: 'Rollout', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      listRolloutDevices: build.query<
        HydraCollection<FirmwareRolloutDevice>,
        { ulid: string; status?: RolloutDeviceStatus; page: number }
      >({
        query: ({ ulid, status, page }) => ({
          url: `/api/firmware_rollouts/${ulid}/purifiers`,
          params: paramsOf({ status, page }),
        }),
        providesTags: (_result, _error, { ulid }) => [{ type: 'RolloutDevices', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      createRollout: build.mutation<FirmwareRollout, RolloutCreate>({
        query: (body) => ({ url: '/api/firmware_rollouts', method: 'POST', body }),
        invalidatesTags: [{ type: 'Rollout', id: 'LIST' }],
      }),
      changeRollout: build.mutation<FirmwareRollout, { ulid: string; action: RolloutAction }>({
        query: ({ ulid, action }) => ({
          url: `/api/firmware_rollouts/${ulid}/${action}`,
          method: 'POST',
        }),
        // The answer is the rollout as it is now: its page shows it at once.
        async onQueryStarted({ ulid }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(rolloutsApi.util.upsertQueryData('getRollout', ulid, data));
          } catch {
            // The page shows the error; the cache keeps what it had.
          }
        },
        // Refused (409 rollout_state: it moved meanwhile): the rollout is read again as well.
        invalidatesTags: (_result, error, { ulid }) => [
          { type: 'Rollout', id: 'LIST' },
          { type: 'RolloutDevices', id: ulid },
          ...(error ? [{ type: 'Rollout' as const, id: ulid }] : []),
        ],
      }),
      /** Firmware files to roll out, a page at a time (newest first). */
      listRolloutFirmwares: build.infiniteQuery<HydraCollection<Firmware>, void, number>({
        infiniteQueryOptions: {
          initialPageParam: 1,
          getNextPageParam: (last, _all, page) =>
            page * PAGE_SIZE < last['hydra:totalItems'] ? page + 1 : undefined,
        },
        query: ({ pageParam }) => ({ url: '/api/firmwares', params: { page: String(pageParam) } }),
        extraOptions: { globalErrors: false },
      }),
      /** The purifiers of a model a rollout may be limited to. */
      listRolloutCandidates: build.query<
        HydraCollection<FleetDevice>,
        { model: ProductKeyModel; page: number }
      >({
        query: ({ model, page }) => ({
          url: '/api/fleet/purifiers',
          params: { model, page: String(page) },
        }),
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListRolloutsQuery,
  useGetRolloutQuery,
  useListRolloutDevicesQuery,
  useCreateRolloutMutation,
  useChangeRolloutMutation,
  useListRolloutFirmwaresInfiniteQuery,
  useListRolloutCandidatesQuery,
} = rolloutsApi;
