import { alertRuleInputSchema, alertRulePatchSchema } from '@aircloud/shared/alert-rules';
import { PURIFIER_MODES } from '@aircloud/shared/purifiers';
import { GRAPH_MEASURES } from '@aircloud/shared/sensors';
import { z } from 'zod';
import { pageQuery, routeDocumenter } from '../../openapi/helpers.ts';
import { hydraCollection } from '../../openapi/schemas.ts';

const AlertRuleSchema = z
  .object({
    '@id': z.string().openapi({ example: '/api/alert_rules/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    '@type': z.literal('AlertRule'),
    id: z.string(),
    sensor: z.string().openapi({ example: '/api/sensors/01J9Z3Q6ZP7V8W2M4K5N6R7S8T' }),
    measure: z.enum(GRAPH_MEASURES),
    unit: z.string().openapi({ example: 'ppm' }),
    threshold: z.number().openapi({ description: 'Triggers when the measure is greater' }),
    hysteresis: z.number().openapi({ description: 'Stops at or below threshold − hysteresis' }),
    mode: z.enum(PURIFIER_MODES),
    confirm_s: z.number().int(),
    enabled: z.boolean(),
    triggered: z.boolean(),
    triggered_changed_at: z.string().nullable().openapi({ format: 'date-time' }),
    not_driving: z.array(z.object({ ulid: z.string(), name: z.string() })).openapi({
      description:
        'Linked purifiers this rule does not drive: its author does not control them now ' +
        '(a rule acts only on the purifiers its author controls at that moment)',
    }),
    deletable: z.boolean().openapi({
      description: "The caller may delete it: its author, or the sensor's owner (or an admin)",
    }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AlertRule');

const AlertTriggerSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('AlertTrigger'),
    id: z.string(),
    rule: z.string().nullable().openapi({ description: 'IRI of the rule, null once deleted' }),
    sensor: z.string(),
    kind: z.enum(['trigger', 'stop']),
    at: z.string().openapi({ format: 'date-time', description: 'Time of the sample' }),
    measure: z.enum(GRAPH_MEASURES),
    unit: z.string(),
    value: z.number().nullable().openapi({ description: 'Null for a stop by a user change' }),
    threshold: z.number(),
    mode: z.enum(PURIFIER_MODES),
    purifiers: z.array(z.object({ '@id': z.string(), ulid: z.string(), name: z.string() })),
  })
  .openapi('AlertTrigger');

const collection = (name: string, item: z.ZodType) => hydraCollection(item, name);

const documentRoute = routeDocumenter({ tags: ['alert rules'], access: 'user' });

const NOISE =
  'An enabled boost rule needs `confirm_noise: true` (the user confirmed the noise), else 422 ' +
  '`alert_rule_noise_confirmation` on `confirm_noise`.';

documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}/alert_rules',
  operationId: 'listSensorAlertRules',
  summary: "List a sensor's alert rules",
  description: 'Every rule of the sensor, oldest first (not paged), with its triggered state.',
  responses: {
    200: {
      description: 'Hydra collection',
      schema: collection('AlertRuleCollection', AlertRuleSchema),
    },
  },
  errors: [403, 404],
});

documentRoute({
  method: 'post',
  path: '/api/sensors/{ulid}/alert_rules',
  operationId: 'createSensorAlertRule',
  summary: 'Create an alert rule',
  description:
    '`measure > threshold → mode`. ISO thresholds are whole classes 5..9 ' +
    '(`validation.iso_threshold`), ISO hysteresis 0 or 1; other thresholds lie in the ' +
    "measure's accepted range. `hysteresis` defaults per measure, `confirm_s` to 60, " +
    `\`enabled\` to true. ${NOISE}`,
  body: alertRuleInputSchema,
  responses: { 201: { description: 'Created (Location header)', schema: AlertRuleSchema } },
  errors: [403, 404],
});

documentRoute({
  method: 'get',
  path: '/api/alert_rules/{id}',
  operationId: 'getAlertRule',
  summary: 'One alert rule',
  description: 'To whoever may view its sensor (404 otherwise).',
  responses: { 200: { description: 'The rule', schema: AlertRuleSchema } },
  errors: [404],
});

documentRoute({
  method: 'patch',
  path: '/api/alert_rules/{id}',
  operationId: 'updateAlertRule',
  summary: 'Change, enable or disable an alert rule',
  description:
    'merge-patch; the merged rule is validated as a whole. A change of condition or mode, or ' +
    'enabling, starts the rule afresh on new samples; a triggered rule that is changed or ' +
    `disabled releases its purifiers (a \`stop\` entry without a value). ${NOISE}`,
  body: alertRulePatchSchema,
  responses: { 200: { description: 'The rule', schema: AlertRuleSchema } },
  errors: [403, 404],
});

documentRoute({
  method: 'delete',
  path: '/api/alert_rules/{id}',
  operationId: 'deleteAlertRule',
  summary: 'Delete an alert rule',
  description:
    'A triggered rule releases its purifiers first; its history stays. Its author or the ' +
    "sensor's owner (or an admin) only: a share deleting another's rule gets 403.",
  responses: { 204: 'Deleted' },
  errors: [403, 404],
});

documentRoute({
  method: 'get',
  path: '/api/sensors/{ulid}/alert_triggers',
  operationId: 'listSensorAlertTriggers',
  summary: "A sensor's alert history",
  description: 'Every trigger and stop, newest first, 20 per page.',
  query: pageQuery,
  responses: {
    200: {
      description: 'Hydra collection',
      schema: collection('AlertTriggerCollection', AlertTriggerSchema),
    },
  },
  errors: [403, 404, 422],
});

documentRoute({
  method: 'get',
  path: '/api/alert_triggers/{id}',
  operationId: 'getAlertTrigger',
  summary: "One entry of a sensor's alert history",
  description: 'To whoever may view its sensor (404 otherwise).',
  responses: { 200: { description: 'The entry', schema: AlertTriggerSchema } },
  errors: [404],
});
