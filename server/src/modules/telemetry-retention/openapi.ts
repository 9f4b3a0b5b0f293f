import { z } from 'zod';
import { documentRoute } from '../../openapi/registry.ts';

const TelemetryRetentionSchema = z
  .object({
    '@type': z.literal('TelemetryRetention'),
    raw_months: z.number().int().openapi({ example: 13 }),
    hourly_months: z.number().int().openapi({ example: 60 }),
    raw_kept_from: z.string().openapi({ example: '2025-10-01T00:00:00.000Z' }),
    hourly_kept_from: z.string().openapi({ example: '2021-11-01T00:00:00.000Z' }),
    oldest_raw_month: z.string().nullable().openapi({ example: '2025-10-01T00:00:00.000Z' }),
  })
  .openapi('TelemetryRetention');

documentRoute({
  method: 'get',
  path: '/api/telemetry_retention',
  operationId: 'getTelemetryRetention',
  summary: 'How long telemetry is kept',
  description:
    'RETENTION_RAW_MONTHS and RETENTION_HOURLY_MONTHS, the start of the oldest month kept of ' +
    'each today (whole UTC months), and the oldest month whose raw samples are still stored ' +
    '(the daily retention job drops older ones). Graphs of ranges before `raw_kept_from` read ' +
    'the hourly averages; exports of them answer 422 `export_period_expired`.',
  tags: ['operations'],
  access: 'admin',
  responses: { 200: { description: 'The retention', schema: TelemetryRetentionSchema } },
});
