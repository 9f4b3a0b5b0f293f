import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** GET /api/sensor_overview: every room's tile in one request; live values come from sockets. */
export const overviewApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSensorOverview: build.query<HydraCollection<SensorOverviewTile>, void>({
      query: () => ({ url: '/api/sensor_overview' }),
      // Back on the page after a while: the sparklines are an hour long, start from fresh ones.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetSensorOverviewQuery } = overviewApi;
