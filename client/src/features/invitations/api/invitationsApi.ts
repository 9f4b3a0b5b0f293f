import type {
  Invitation,
  InvitationDirection,
  InvitationsSent,
  UpdateInvitationInput,
} from '@aircloud/shared/invitations';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { Purifier } from '@aircloud/shared/purifiers';
import type { Sensor } from '@aircloud/shared/sensors';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** Query of an invitation list; `purifier` / `sensor` narrow it to one machine's tab. */
export interface InvitationsListArgs {
  direction: InvitationDirection;
  page: number;
  purifier?: string;
  sensor?: string;
}

/** A machine the signed-in user owns, offered in the send popin. */
export interface OwnedMachine {
  ulid: string;
  name: string;
  serial_number: string;
}

/** The body of POST /api/invitations as the popin sends it (emails still one string). */
export interface SendInvitationsBody {
  emails: string;
  purifiers: string[];
  sensors: string[];
}

type Fetch = (arg: string) => Promise<{ data?: unknown; error?: unknown }>;

/** Every page of a collection (the popin lists all of the user's machines). */
async function allPages<T>(fetch: Fetch, path: string): Promise<T[] | { error: unknown }> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const result = await fetch(`${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    if (result.error) return { error: result.error };
    const collection = result.data as HydraCollection<T>;
    items.push(...collection['hydra:member']);
    if (items.length >= collection['hydra:totalItems'] || collection['hydra:member'].length === 0)
      break;
  }
  return items;
}

// Accepting, leaving or a revocation changes which machines the lists show.
const MACHINE_LISTS = [
  { type: 'Invitation' as const, id: 'LIST' },
  { type: 'Purifier' as const, id: 'LIST' },
  { type: 'Sensor' as const, id: 'LIST' },
];

/** Invitation calls: lists, sending, updating the machines, answering, ending. */
export const invitationsApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Invitation', 'Purifier', 'Sensor'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listInvitations: build.query<HydraCollection<Invitation>, InvitationsListArgs>({
        query: ({ direction, page, purifier, sensor }) => ({
          url: '/api/invitations',
          params: {
            direction,
            page: String(page),
            ...(purifier ? { purifier } : {}),
            ...(sensor ? { sensor } : {}),
          },
        }),
        providesTags: [{ type: 'Invitation', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      ownedMachines: build.query<{ purifiers: OwnedMachine[]; sensors: OwnedMachine[] }, string>({
        // The argument is the signed-in user's ulid: only their own machines may be shared.
        async queryFn(userUlid, _api, _extra, fetch) {
          const purifiers = await allPages<Purifier>(fetch as Fetch, '/api/purifiers');
          if ('error' in purifiers) return { error: purifiers.error as never };
          const sensors = await allPages<Sensor>(fetch as Fetch, '/api/sensors');
          // A user without the sensors screen still shares purifiers.
          const sensorList = 'error' in sensors ? [] : sensors;
          const pick = (m: OwnedMachine) => ({
            ulid: m.ulid,
            name: m.name,
            serial_number: m.serial_number,
          });
          return {
            data: {
              purifiers: purifiers
                .filter((p) => (p.access ?? 'owner') === 'owner' && p.owner?.endsWith(userUlid))
                .map(pick),
              sensors: sensorList.filter((s) => s.owner?.ulid === userUlid).map(pick),
            },
          };
        },
        providesTags: [
          { type: 'Purifier', id: 'LIST' },
          { type: 'Sensor', id: 'LIST' },
        ],
        extraOptions: { globalErrors: false },
      }),
      sendInvitations: build.mutation<InvitationsSent, SendInvitationsBody>({
        query: (body) => ({ url: '/api/invitations', method: 'POST', body }),
        invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      updateInvitation: build.mutation<
        Invitation,
        { ulid: string; machines: UpdateInvitationInput }
      >({
        query: ({ ulid, machines }) => ({
          url: `/api/invitations/${ulid}`,
          method: 'PATCH',
          body: machines,
        }),
        invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      acceptInvitation: build.mutation<Invitation, string>({
        query: (ulid) => ({ url: `/api/invitations/${ulid}/accept`, method: 'POST' }),
        invalidatesTags: MACHINE_LISTS,
        extraOptions: { globalErrors: false },
      }),
      refuseInvitation: build.mutation<void, string>({
        query: (ulid) => ({ url: `/api/invitations/${ulid}/refuse`, method: 'POST' }),
        invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      endInvitation: build.mutation<void, string>({
        query: (ulid) => ({ url: `/api/invitations/${ulid}`, method: 'DELETE' }),
        invalidatesTags: MACHINE_LISTS,
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListInvitationsQuery,
  useOwnedMachinesQuery,
  useSendInvitationsMutation,
  useUpdateInvitationMutation,
  useAcceptInvitationMutation,
  useRefuseInvitationMutation,
  useEndInvitationMutation,
} = invitationsApi;
