import { z } from 'zod';
import { sensorSampleSchema, purifierReportSchema } from '@aircloud/shared/devices';
import { documentRoute } from '../openapi/registry.ts';

const tags = ['Devices'];

documentRoute({
  method: 'post',
  path: '/device/v1/telemetry',
  summary: 'Telemetry of a purifier or a sensor (docs/api-devices.md)',
  description:
    'Device authentication: `Authorization: Basic base64(serial:secret)` or `X-Device-Serial` + ' +
    "`X-Device-Secret` (a purifier's secret is its product key). Body: one sample or " +
    '`{samples: [...]}` (at most 500). Stored once (retries count as duplicates) and committed ' +
    'before the answer. Wrong or unknown credentials: 401 `device_unauthorized`.',
  tags,
  access: 'public',
  body: z.union([
    sensorSampleSchema,
    purifierReportSchema,
    z.object({ samples: z.array(z.union([sensorSampleSchema, purifierReportSchema])) }),
  ]),
  responses: {
    200: {
      description: '`{accepted, duplicates, desired?}`: desired when not yet acknowledged',
      schema: z.object({
        accepted: z.number().int(),
        duplicates: z.number().int(),
        desired: z.record(z.string(), z.unknown()).optional(),
      }),
    },
  },
  errors: [400, 401, 413, 503],
});

documentRoute({
  method: 'get',
  path: '/device/v1/metrics',
  summary: 'Counters of the device API in this server process',
  description: 'Requests, accepted samples, duplicates, rejections per reason, flushes.',
  tags,
  access: 'public',
  responses: { 200: { description: 'The counters' } },
});
