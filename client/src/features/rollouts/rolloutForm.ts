import {
  ROLLOUT_DEFAULTS,
  rolloutCreateSchema,
  type RolloutCreate,
} from '@aircloud/shared/firmware-rollouts';
import type { ProductKeyModel } from '@aircloud/shared/product-keys';

/** The number fields of the new-rollout form, in the order shown. */
export const ROLLOUT_NUMBER_FIELDS = [
  'canary_percent',
  'success_threshold',
  'max_failure_rate',
  'timeout_minutes',
  'wave_size',
] as const;
export type RolloutNumberField = (typeof ROLLOUT_NUMBER_FIELDS)[number];

/** Every field a message can be shown on. */
export type RolloutField = 'firmware' | 'model' | 'purifiers' | RolloutNumberField;
export type RolloutFieldErrors = Partial<Record<RolloutField, string>>;

/** What the form holds: numbers as typed, so a half-typed value is not lost. */
export interface RolloutFormValues {
  firmware: string;
  model: ProductKeyModel | '';
  target: 'outdated' | 'chosen';
  purifiers: string[];
  numbers: Record<RolloutNumberField, string>;
}

/** A fresh form: nothing chosen, the limits at their defaults. */
export function initialRolloutForm(): RolloutFormValues {
  return {
    firmware: '',
    model: '',
    target: 'outdated',
    purifiers: [],
    numbers: {
      canary_percent: String(ROLLOUT_DEFAULTS.canary_percent),
      success_threshold: String(ROLLOUT_DEFAULTS.success_threshold),
      max_failure_rate: String(ROLLOUT_DEFAULTS.max_failure_rate),
      timeout_minutes: String(ROLLOUT_DEFAULTS.timeout_minutes),
      wave_size: String(ROLLOUT_DEFAULTS.wave_size),
    },
  };
}

/**
 * The form checked with the schema the server applies (`rolloutCreateSchema`): the body to send,
 * or the first message of each field. An empty number is "required" rather than the schema's
 * default, and "chosen purifiers" with none chosen asks for one.
 */
export function checkRolloutForm(
  values: RolloutFormValues,
): { body: RolloutCreate; errors: null } | { body: null; errors: RolloutFieldErrors } {
  const errors: RolloutFieldErrors = {};
  const input: Record<string, unknown> = {
    firmware: values.firmware === '' ? undefined : values.firmware,
    model: values.model === '' ? undefined : values.model,
  };
  if (values.target === 'chosen') input.purifiers = values.purifiers;
  for (const field of ROLLOUT_NUMBER_FIELDS) {
    const text = values.numbers[field].trim();
    if (text === '') errors[field] = 'validation.required';
    else input[field] = text;
  }
  const parsed = rolloutCreateSchema.safeParse(input);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as RolloutField;
    errors[field] ??= issue.message;
  }
  if (values.target === 'chosen' && values.purifiers.length === 0)
    errors.purifiers ??= 'rollouts.create.purifiers-required';
  if (Object.keys(errors).length > 0 || !parsed.success) return { body: null, errors };
  return { body: parsed.data, errors: null };
}

/** The bounds of each number field, for its message (`The maximum value allowed is 100`). */
export const ROLLOUT_NUMBER_BOUNDS: Record<RolloutNumberField, { min: number; max: number }> = {
  canary_percent: { min: 1, max: 100 },
  success_threshold: { min: 1, max: 100 },
  max_failure_rate: { min: 0, max: 100 },
  timeout_minutes: { min: 1, max: 7 * 24 * 60 },
  wave_size: { min: 1, max: 10_000 },
};
