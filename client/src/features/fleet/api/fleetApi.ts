import type { FleetDevice, FleetSummary } from '@aircloud/shared/fleet';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** The filters of a drill-down list, as the query string carries them. */
export interface FleetListArgs {
  kind: 'purifier' | 'sensor';
  filters: Record<string, string>;
  page: number;
}

/** GET /api/fleet and the lists behind its numbers (technicians and administrators). */
export const fleetApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getFleet: build.query<FleetSummary, void>({
      query: () => ({ url: '/api/fleet' }),
      keepUnusedDataFor: 5,
    }),
    listFleetDevices: build.query<HydraCollection<FleetDevice>, FleetListArgs>({
      query: ({ kind, filters, page }) => ({
        url: kind === 'purifier' ? '/api/fleet/purifiers' : '/api/fleet/sensors',
        params: { ...filters, page },
      }),
    }),
  }),
});

export const { useGetFleetQuery, useListFleetDevicesQuery } = fleetApi;
