import { z } from 'zod';
import {
  ROLLOUT_DEFAULTS,
  ROLLOUT_DEVICE_PHASES,
  ROLLOUT_DEVICE_STATUSES,
  ROLLOUT_PAUSE_REASONS,
  ROLLOUT_STAGES,
  ROLLOUT_STATUSES,
  rolloutCreateSchema,
} from '@aircloud/shared/firmware-rollouts';
import { PRODUCT_KEY_MODELS } from '@aircloud/shared/product-keys';
import { collectionResponse, dateTime, routeDocumenter } from '../../openapi/helpers.ts';

const documentRoute = routeDocumenter({ tags: ['fleet'], access: 'technician' });

const Progress = z.object({
  total: z.number().int(),
  ...Object.fromEntries(ROLLOUT_DEVICE_STATUSES.map((s) => [s, z.number().int()])),
});

export const RolloutSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/firmware_rollouts/01JA0000000000000000000000' }),
    '@type': z.literal('FirmwareRollout'),
    ulid: z.string(),
    firmware: z.object({
      ulid: z.string().openapi({ description: 'Empty once the file was deleted' }),
      name: z.string(),
      version: z.string(),
      size: z.number().int(),
      sha256: z.string(),
    }),
    model: z.enum(PRODUCT_KEY_MODELS),
    target: z.enum(['chosen', 'outdated']),
    status: z.enum(ROLLOUT_STATUSES),
    stage: z.enum(ROLLOUT_STAGES),
    paused_reason: z.enum(ROLLOUT_PAUSE_REASONS).nullable(),
    canary_percent: z.number().int(),
    success_threshold: z.number().int(),
    max_failure_rate: z.number().int(),
    timeout_minutes: z.number().int(),
    wave_size: z.number().int(),
    progress: Progress,
    canary: Progress,
    failure_rate: z
      .number()
      .openapi({ description: 'Failed and timed out, in percent of the purifiers sent' }),
    created_by: z
      .object({ ulid: z.string(), firstname: z.string(), lastname: z.string() })
      .nullable(),
    created_at: dateTime(),
    updated_at: dateTime(),
    completed_at: dateTime().nullable(),
  })
  .openapi('FirmwareRollout');

const RolloutDeviceSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('FirmwareRolloutDevice'),
    purifier: z.object({ ulid: z.string(), name: z.string(), serial_number: z.string() }),
    stage: z.enum(ROLLOUT_STAGES),
    status: z.enum(ROLLOUT_DEVICE_STATUSES),
    phase: z.enum(ROLLOUT_DEVICE_PHASES).nullable(),
    reason: z.string().nullable().openapi({ description: 'Why it failed, as the device said' }),
    from_version: z.string().nullable(),
    sent_at: dateTime().nullable(),
    deadline_at: dateTime().nullable(),
    finished_at: dateTime().nullable(),
  })
  .openapi('FirmwareRolloutDevice');

const STAGES =
  'The purifiers are put in a random line, the canary first (`canary_percent` of them, at least ' +
  'one); at most `wave_size` are in progress at once. A purifier in progress has ' +
  '`firmware: {version, url, sha256, size, rollout}` in its desired state; it succeeds when it ' +
  'reports that version as its `soft_version`, fails when it reports `firmware: {status: ' +
  'failed, reason}`, and times out after `timeout_minutes` (its desired firmware is then ' +
  'withdrawn). When the canary has finished, its success rate must reach `success_threshold` ' +
  '(else the rollout pauses, `canary_below_threshold`); when failed and timed out pass ' +
  '`max_failure_rate` percent of the purifiers sent, it pauses (`failure_rate`).';

documentRoute({
  method: 'get',
  path: '/api/firmware_rollouts',
  operationId: 'listFirmwareRollouts',
  summary: 'Firmware rollouts',
  description: 'Newest first, 20 per page, with their progress. ' + STAGES,
  query: z.object({
    status: z.enum(ROLLOUT_STATUSES).optional(),
    page: z.string().optional().openapi({ example: '1' }),
  }),
  responses: { 200: collectionResponse(RolloutSchema, 'FirmwareRolloutCollection') },
});

documentRoute({
  method: 'post',
  path: '/api/firmware_rollouts',
  operationId: 'createFirmwareRollout',
  summary: 'Start a firmware rollout',
  description:
    'To the chosen `purifiers` of the model, or (without) to every purifier of the model that ' +
    'reported an older version and no other rollout is updating. Defaults: canary ' +
    `${ROLLOUT_DEFAULTS.canary_percent} %, threshold ${ROLLOUT_DEFAULTS.success_threshold} %, ` +
    `maximum failure rate ${ROLLOUT_DEFAULTS.max_failure_rate} %, timeout ` +
    `${ROLLOUT_DEFAULTS.timeout_minutes} min, wave ${ROLLOUT_DEFAULTS.wave_size}. 422 ` +
    'violations (code): `model` firmware_model (the firmware does not fit it), `purifiers` ' +
    'rollout_purifier_unknown, rollout_purifier_model, rollout_purifier_busy, ' +
    'rollout_empty. The first wave is sent at once. ' +
    STAGES,
  body: rolloutCreateSchema,
  responses: { 201: { description: 'Started (Location header)', schema: RolloutSchema } },
  errors: [422],
});

documentRoute({
  method: 'get',
  path: '/api/firmware_rollouts/{id}',
  operationId: 'getFirmwareRollout',
  summary: 'A rollout and its progress',
  description:
    'Progress by status, the canary apart, the failure rate. Live: the fleet channel ' +
    '(`fleet:summary`) carries the rollouts not completed or aborted.',
  responses: { 200: { description: 'The rollout', schema: RolloutSchema } },
  errors: [404],
});

documentRoute({
  method: 'get',
  path: '/api/firmware_rollouts/{id}/purifiers',
  operationId: 'listFirmwareRolloutPurifiers',
  summary: 'The purifiers of a rollout',
  description: 'In line order (the canary first), 20 per page, by status.',
  query: z.object({
    status: z.enum(ROLLOUT_DEVICE_STATUSES).optional(),
    page: z.string().optional().openapi({ example: '1' }),
  }),
  responses: { 200: collectionResponse(RolloutDeviceSchema, 'FirmwareRolloutDeviceCollection') },
  errors: [404],
});

for (const [action, text] of [
  ['pause', 'Pause a canary or rolling rollout: nothing more is sent; what is in progress ends.'],
  [
    'resume',
    'Resume a paused rollout: its stage goes on (a canary paused under its threshold goes on ' +
      'to the rest); only failures after the resumption can pause it again.',
  ],
  [
    'abort',
    'Abort a rollout that is not completed: the firmware of the purifiers in progress is ' +
      'withdrawn from their desired state, the others are cancelled; what succeeded stays.',
  ],
] as const)
  documentRoute({
    method: 'post',
    path: `/api/firmware_rollouts/{id}/${action}`,
    operationId: `${action}FirmwareRollout`,
    summary: `${action[0]!.toUpperCase()}${action.slice(1)} a rollout`,
    description: `${text} 409 \`rollout_state\` when its status does not allow it.`,
    responses: { 200: { description: 'The rollout', schema: RolloutSchema } },
    errors: [404, 409],
  });
