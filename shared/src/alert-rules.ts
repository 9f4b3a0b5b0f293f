import { z } from 'zod';
import { PURIFIER_MODES, type PurifierMode } from './purifiers.ts';
import { GRAPH_MEASURES, MEASURE_RANGES, type GraphMeasure } from './sensors.ts';

export { RISK_LEVELS, RECOMMENDED_THRESHOLDS } from './air-quality.ts';
export type { RiskLevel } from './air-quality.ts';

/**
 * Alert rules (decisions section 4): `measure > threshold → mode` on a sensor, acting on its
 * linked purifiers. A rule triggers once the measure stayed above the threshold for `confirm_s`
 * seconds and stops once it stayed at or below `threshold - hysteresis` for as long.
 */

/** ISO class thresholds lie in 5..9 (spec sections 5 and 9). */
export const ISO_THRESHOLD_MIN = 5;
export const ISO_THRESHOLD_MAX = 9;
/** Default confirm time: one minute (0 allowed: the first sample above triggers). */
export const DEFAULT_CONFIRM_S = 60;
/** Longest confirm time accepted: one day. */
export const CONFIRM_S_MAX = 86_400;

/** Modes from weakest to strongest: while rules hold a purifier, the strongest mode wins. */
export function strongestMode(modes: Iterable<PurifierMode>): PurifierMode | null {
  let best = -1;
  for (const mode of modes) best = Math.max(best, PURIFIER_MODES.indexOf(mode));
  return best < 0 ? null : PURIFIER_MODES[best]!;
}

/**
 * The hysteresis band a rule gets when none is given: ISO 0 classes (a class is already a factor
 * of ten; the confirm time keeps it from flapping), temperature 0.5 °C, humidity 2 %HR, other
 * measures 5 % of the threshold (CO2 at 1000 ppm stops at or below 950 ppm).
 */
export function defaultHysteresis(measure: GraphMeasure, threshold: number): number {
  if (measure === 'iso') return 0;
  if (measure === 'temperature') return 0.5;
  if (measure === 'humidity') return 2;
  return Math.round(Math.abs(threshold) * 5) / 100;
}

const numberField = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'validation.required'
          : 'validation.numeric',
    })
    .refine(Number.isFinite, { error: 'validation.numeric' });

const enumField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? 'validation.required' : 'validation.invalid_choice',
  });

/** The fields of a rule as a client sends them (POST; PATCH sends some of them). */
const ruleFields = {
  measure: enumField(GRAPH_MEASURES),
  threshold: numberField(),
  hysteresis: numberField().min(0, { error: 'validation.min_value' }).optional(),
  mode: enumField(PURIFIER_MODES),
  confirm_s: numberField()
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min_value' })
    .max(CONFIRM_S_MAX, { error: 'validation.max_value' }),
  enabled: z.boolean({ error: 'validation.invalid' }),
  /** Saving or enabling a boost rule needs this, true: the user accepted the noise. */
  confirm_noise: z.boolean({ error: 'validation.invalid' }).optional(),
};

type RuleShape = {
  measure: GraphMeasure;
  threshold: number;
  hysteresis?: number | undefined;
};

/** The rules that tie fields together: ISO threshold 5..9 and hysteresis 0 or 1 class, ranges. */
function checkRule(rule: RuleShape, ctx: z.RefinementCtx): void {
  if (!Number.isFinite(rule.threshold)) return;
  if (rule.measure === 'iso') {
    if (
      !Number.isInteger(rule.threshold) ||
      rule.threshold < ISO_THRESHOLD_MIN ||
      rule.threshold > ISO_THRESHOLD_MAX
    )
      ctx.addIssue({ code: 'custom', message: 'validation.iso_threshold', path: ['threshold'] });
    if (rule.hysteresis !== undefined && rule.hysteresis !== 0 && rule.hysteresis !== 1)
      ctx.addIssue({ code: 'custom', message: 'validation.invalid_choice', path: ['hysteresis'] });
    return;
  }
  const range = MEASURE_RANGES[rule.measure];
  if (rule.threshold < range.min)
    ctx.addIssue({ code: 'custom', message: 'validation.min_value', path: ['threshold'] });
  if (rule.threshold > range.max)
    ctx.addIssue({ code: 'custom', message: 'validation.max_value', path: ['threshold'] });
  if (rule.hysteresis !== undefined && rule.hysteresis > range.max - range.min)
    ctx.addIssue({ code: 'custom', message: 'validation.max_value', path: ['hysteresis'] });
}

/** POST /api/sensors/{ulid}/alert_rules. */
export const alertRuleInputSchema = z
  .strictObject({
    ...ruleFields,
    confirm_s: ruleFields.confirm_s.default(DEFAULT_CONFIRM_S),
    enabled: ruleFields.enabled.default(true),
  })
  .superRefine(checkRule);
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;
/** What a rule form holds before validation (confirm time and enabled may still be missing). */
export type AlertRuleFormValues = z.input<typeof alertRuleInputSchema>;

/** PATCH /api/alert_rules/{id} (merge-patch); the merged rule is checked as a whole again. */
export const alertRulePatchSchema = z.strictObject(ruleFields).partial();
export type AlertRulePatch = z.infer<typeof alertRulePatchSchema>;

/** A rule as the API answers it. */
export interface AlertRule {
  '@id': string;
  '@type': 'AlertRule';
  id: string;
  /** IRI of the sensor. */
  sensor: string;
  measure: GraphMeasure;
  /** Unit of the measure (MEASURE_UNITS). */
  unit: string;
  /** The rule triggers when the measure is greater than this. */
  threshold: number;
  /** It stops at or below `threshold - hysteresis`. */
  hysteresis: number;
  mode: PurifierMode;
  confirm_s: number;
  enabled: boolean;
  /** The rule holds its purifiers now. */
  triggered: boolean;
  /** Time of the sample that last triggered or stopped it, null before the first. */
  triggered_changed_at: string | null;
  /**
   * Linked purifiers this rule does not drive: its author does not control them (a rule acts
   * only on the purifiers its author controls at that moment), or its author's access ended.
   */
  not_driving: { ulid: string; name: string }[];
  /** The caller may delete it: its author, or whoever manages the sensor (its owner). */
  deletable: boolean;
  created_at: string;
  updated_at: string;
}

/** Kinds of history entries. */
export const ALERT_TRIGGER_KINDS = ['trigger', 'stop'] as const;
export type AlertTriggerKind = (typeof ALERT_TRIGGER_KINDS)[number];

/** A purifier a trigger acted on. */
export interface AlertTriggerPurifier {
  '@id': string;
  ulid: string;
  name: string;
}

/** One entry of a sensor's alert history (GET /api/sensors/{ulid}/alert_triggers). */
export interface AlertTrigger {
  '@id': string;
  '@type': 'AlertTrigger';
  id: string;
  /** IRI of the rule, null once it was deleted. */
  rule: string | null;
  /** IRI of the sensor. */
  sensor: string;
  kind: AlertTriggerKind;
  /** Time of the sample that caused it (ISO 8601). */
  at: string;
  measure: GraphMeasure;
  unit: string;
  /** The sample's value of the measure. */
  value: number | null;
  threshold: number;
  mode: PurifierMode;
  /** The purifiers linked to the sensor then. */
  purifiers: AlertTriggerPurifier[];
}

/** Pushed live (`alert-trigger:created`) to every user who sees the sensor. */
export interface AlertTriggerEvent extends AlertTrigger {
  sensor_ulid: string;
  sensor_name: string;
}
