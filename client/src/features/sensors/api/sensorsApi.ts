import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { Purifier } from '@aircloud/shared/purifiers';
import type {
  CreateSensorInput,
  ExportFormat,
  GraphMeasure,
  PatchSensorInput,
  ProvisionedSensorResponse,
  PublicSensor,
  Sensor,
  SensorImport,
  SensorMeasures,
} from '@aircloud/shared/sensors';
import type { TelemetryRetention } from '@aircloud/shared/telemetry-retention';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** Query of the sensor list (admins may add `user` to see another account's sensors). */
export interface SensorsListArgs {
  page: number;
  search?: string;
  user?: string;
}

/** A graph request: the server picks the resolution for the period. */
export interface MeasuresArgs {
  ulid: string;
  from: string;
  to: string;
  measures: readonly GraphMeasure[];
  /** The anonymous endpoint of a public sensor. */
  isPublic?: boolean;
}

function definedParams(args: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * An export's file as an object URL (a string the store can hold; the caller saves and revokes
 * it), or the JSON body of its error (so the error key can be read).
 */
async function fileUrlOrError(response: Response): Promise<unknown> {
  if (response.ok) return URL.createObjectURL(await response.blob());
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sensor calls: list, provisioning, detail, settings, links, graphs, export, imports. */
export const sensorsApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Sensor', 'SensorImport', 'SensorMeasures'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listSensors: build.query<HydraCollection<Sensor>, SensorsListArgs>({
        query: (args) => ({ url: '/api/sensors', params: definedParams(args) }),
        providesTags: [{ type: 'Sensor', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      provisionSensor: build.mutation<ProvisionedSensorResponse, CreateSensorInput>({
        query: (body) => ({ url: '/api/sensors', method: 'POST', body }),
        invalidatesTags: [{ type: 'Sensor', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      getSensor: build.query<Sensor, string>({
        query: (ulid) => `/api/sensors/${ulid}`,
        providesTags: (_result, _error, ulid) => [{ type: 'Sensor', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      patchSensor: build.mutation<Sensor, { ulid: string; patch: PatchSensorInput }>({
        query: ({ ulid, patch }) => ({ url: `/api/sensors/${ulid}`, method: 'PATCH', body: patch }),
        // The answer is the new sensor: the detail is updated without a second request.
        async onQueryStarted({ ulid }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(sensorsApi.util.upsertQueryData('getSensor', ulid, data));
          } catch {
            // The form shows the error.
          }
        },
        invalidatesTags: [{ type: 'Sensor', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      setSensorPurifiers: build.mutation<Sensor, { ulid: string; purifiers: string[] }>({
        query: ({ ulid, purifiers }) => ({
          url: `/api/sensors/${ulid}/purifiers`,
          method: 'PUT',
          body: { purifiers },
        }),
        async onQueryStarted({ ulid }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(sensorsApi.util.upsertQueryData('getSensor', ulid, data));
          } catch {
            // The tab shows the error.
          }
        },
        extraOptions: { globalErrors: false },
      }),
      /** The purifiers a user may link (those they control), one page at a time. */
      listLinkablePurifiers: build.query<
        HydraCollection<Purifier>,
        { page: number; search?: string; user?: string }
      >({
        query: (args) => ({ url: '/api/purifiers', params: definedParams(args) }),
        extraOptions: { globalErrors: false },
      }),
      getSensorMeasures: build.query<SensorMeasures, MeasuresArgs>({
        query: ({ ulid, from, to, measures, isPublic }) => ({
          url: `${isPublic ? '/public' : '/api'}/sensors/${ulid}/measures`,
          params: { from, to, measures: measures.join(',') },
        }),
        providesTags: (_result, _error, { ulid }) => [{ type: 'SensorMeasures', id: ulid }],
        // A graph's data is large and only worth keeping while it is shown.
        keepUnusedDataFor: 5,
        extraOptions: { globalErrors: false },
      }),
      exportSensorMeasures: build.mutation<
        string,
        { ulid: string; from: string; to: string; format: ExportFormat }
      >({
        query: ({ ulid, from, to, format }) => ({
          url: `/api/sensors/${ulid}/export`,
          params: { from, to, format },
          responseHandler: fileUrlOrError,
        }),
        extraOptions: { globalErrors: false },
      }),
      deleteSensorHistory: build.mutation<void, string>({
        query: (ulid) => ({ url: `/api/sensors/${ulid}/measures`, method: 'DELETE' }),
        invalidatesTags: (_result, _error, ulid) => [
          { type: 'SensorMeasures', id: ulid },
          { type: 'Sensor', id: ulid },
          { type: 'Sensor', id: 'LIST' },
        ],
        extraOptions: { globalErrors: false },
      }),
      listSensorImports: build.query<HydraCollection<SensorImport>, string>({
        query: (ulid) => `/api/sensors/${ulid}/imports`,
        providesTags: (_result, _error, ulid) => [{ type: 'SensorImport', id: ulid }],
        extraOptions: { globalErrors: false },
      }),
      cancelSensorImport: build.mutation<void, { id: string; sensor: string }>({
        query: ({ id }) => ({ url: `/api/sensor_imports/${id}`, method: 'DELETE' }),
        invalidatesTags: (_result, _error, { sensor }) => [
          { type: 'SensorImport', id: sensor },
          { type: 'SensorMeasures', id: sensor },
        ],
        extraOptions: { globalErrors: false },
      }),
      getPublicSensor: build.query<PublicSensor, string>({
        query: (ulid) => `/public/sensors/${ulid}`,
        extraOptions: { globalErrors: false },
      }),
      // Administrators: how long raw samples and hourly averages are kept.
      getTelemetryRetention: build.query<TelemetryRetention, void>({
        query: () => '/api/telemetry_retention',
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListSensorsQuery,
  useProvisionSensorMutation,
  useGetSensorQuery,
  usePatchSensorMutation,
  useSetSensorPurifiersMutation,
  useListLinkablePurifiersQuery,
  useGetSensorMeasuresQuery,
  useExportSensorMeasuresMutation,
  useDeleteSensorHistoryMutation,
  useListSensorImportsQuery,
  useCancelSensorImportMutation,
  useGetPublicSensorQuery,
  useGetTelemetryRetentionQuery,
} = sensorsApi;
