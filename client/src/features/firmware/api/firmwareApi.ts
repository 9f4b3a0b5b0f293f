import type { Firmware } from '@aircloud/shared/firmware';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** Firmware calls (technicians and admins): list and delete; the upload goes through XHR. */
export const firmwareApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Firmware'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listFirmwares: build.query<HydraCollection<Firmware>, { page: number }>({
        query: ({ page }) => ({ url: '/api/firmwares', params: { page: String(page) } }),
        providesTags: [{ type: 'Firmware', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      deleteFirmware: build.mutation<void, string>({
        query: (ulid) => ({ url: `/api/firmwares/${ulid}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'Firmware', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const { useListFirmwaresQuery, useDeleteFirmwareMutation } = firmwareApi;
