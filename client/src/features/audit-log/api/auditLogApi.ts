import type { AuditAction, AuditLogEntry, AuditTargetType } from '@aircloud/shared/audit-log';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { User } from '@aircloud/shared/users';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** The filters of the audit log as the API reads them (dates as ISO instants). */
export interface AuditLogFilter {
  actor?: string;
  action?: AuditAction;
  target_type?: AuditTargetType;
  from?: string;
  to?: string;
}

/** One person who may appear as an actor: administrators and technicians. */
export interface AuditActorOption {
  ulid: string;
  label: string;
}

type Fetch = (arg: string) => Promise<{ data?: unknown; error?: unknown }>;

/** The query parameters of a filter, empty values left out. */
function paramsOf(filter: AuditLogFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string>;
}

/** Audit-log calls (administrators): a page, the CSV of every matching entry, the actors. */
export const auditLogApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['AuditLog'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listAuditLog: build.query<HydraCollection<AuditLogEntry>, AuditLogFilter & { page: number }>({
        query: ({ page, ...filter }) => ({
          url: '/api/audit_log',
          params: { ...paramsOf(filter), page: String(page) },
        }),
        providesTags: [{ type: 'AuditLog', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      exportAuditLog: build.mutation<string, AuditLogFilter>({
        query: (filter) => ({
          url: '/api/audit_log',
          params: { ...paramsOf(filter), format: 'csv' },
          headers: { Accept: 'text/csv' },
          responseHandler: 'text',
        }),
        extraOptions: { globalErrors: false },
      }),
      // Administrative writes are made by administrators and technicians only.
      listAuditActors: build.query<AuditActorOption[], void>({
        async queryFn(_arg, _api, _extra, fetch) {
          const options: AuditActorOption[] = [];
          for (const role of ['ROLE_ADMIN', 'ROLE_TECHNICIAN']) {
            const result = await (fetch as Fetch)(
              `/api/users?pagination=false&role=${encodeURIComponent(role)}`,
            );
            if (result.error) return { error: result.error as never };
            for (const user of (result.data as HydraCollection<User>)['hydra:member'])
              options.push({
                ulid: user.ulid,
                label: `${user.firstname} ${user.lastname} · ${user.email}`,
              });
          }
          return { data: options.sort((a, b) => a.label.localeCompare(b.label)) };
        },
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const { useListAuditLogQuery, useExportAuditLogMutation, useListAuditActorsQuery } =
  auditLogApi;
