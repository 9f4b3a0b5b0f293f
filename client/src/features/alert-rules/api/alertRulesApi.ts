import type {
  AlertRule,
  AlertRuleInput,
  AlertRulePatch,
  AlertTrigger,
} from '@aircloud/shared/alert-rules';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** The triggeralerts tab's calls: a sensor's rules (list, create, change, delete) and history. */
export const alertRulesApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['AlertRule', 'AlertTrigger'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listAlertRules: build.query<HydraCollection<AlertRule>, string>({
        query: (sensor) => `/api/sensors/${sensor}/alert_rules`,
        providesTags: (_result, _error, sensor) => [{ type: 'AlertRule', id: sensor }],
        extraOptions: { globalErrors: false },
      }),
      createAlertRule: build.mutation<AlertRule, { sensor: string; rule: AlertRuleInput }>({
        query: ({ sensor, rule }) => ({
          url: `/api/sensors/${sensor}/alert_rules`,
          method: 'POST',
          body: rule,
        }),
        invalidatesTags: (_result, _error, { sensor }) => [{ type: 'AlertRule', id: sensor }],
        extraOptions: { globalErrors: false },
      }),
      patchAlertRule: build.mutation<
        AlertRule,
        { sensor: string; id: string; patch: AlertRulePatch }
      >({
        query: ({ id, patch }) => ({
          url: `/api/alert_rules/${id}`,
          method: 'PATCH',
          body: patch,
        }),
        invalidatesTags: (_result, _error, { sensor }) => [
          { type: 'AlertRule', id: sensor },
          { type: 'AlertTrigger', id: sensor },
        ],
        extraOptions: { globalErrors: false },
      }),
      deleteAlertRule: build.mutation<void, { sensor: string; id: string }>({
        query: ({ id }) => ({ url: `/api/alert_rules/${id}`, method: 'DELETE' }),
        invalidatesTags: (_result, _error, { sensor }) => [
          { type: 'AlertRule', id: sensor },
          { type: 'AlertTrigger', id: sensor },
        ],
        extraOptions: { globalErrors: false },
      }),
      listAlertTriggers: build.query<
        HydraCollection<AlertTrigger>,
        { sensor: string; page: number }
      >({
        query: ({ sensor, page }) => ({
          url: `/api/sensors/${sensor}/alert_triggers`,
          params: { page: String(page) },
        }),
        providesTags: (_result, _error, { sensor }) => [{ type: 'AlertTrigger', id: sensor }],
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListAlertRulesQuery,
  useCreateAlertRuleMutation,
  usePatchAlertRuleMutation,
  useDeleteAlertRuleMutation,
  useListAlertTriggersQuery,
} = alertRulesApi;
