import { describe, expect, it } from 'vitest';
import {
  alertRuleInputSchema,
  defaultHysteresis,
  RECOMMENDED_THRESHOLDS,
  strongestMode,
} from './alert-rules.ts';

const issues = (input: unknown) =>
  alertRuleInputSchema
    .safeParse(input)
    .error?.issues.map((i) => `${i.path.join('.')} ${i.message}`);

describe('alert rule schema', () => {
  it('accepts a rule with the default confirm time and enabled', () => {
    expect(alertRuleInputSchema.parse({ measure: 'co2', threshold: 1000, mode: 'auto' })).toEqual({
      measure: 'co2',
      threshold: 1000,
      mode: 'auto',
      confirm_s: 60,
      enabled: true,
    });
  });

  it('keeps ISO thresholds to whole classes 5..9 and ISO hysteresis to 0 or 1', () => {
    for (const threshold of [5, 7, 9])
      expect(issues({ measure: 'iso', threshold, mode: 'auto', hysteresis: 1 })).toBeUndefined();
    for (const threshold of [4, 10, 6.5])
      expect(issues({ measure: 'iso', threshold, mode: 'auto' })).toEqual([
        'threshold validation.iso_threshold',
      ]);
    expect(issues({ measure: 'iso', threshold: 7, mode: 'auto', hysteresis: 2 })).toEqual([
      'hysteresis validation.invalid_choice',
    ]);
  });

  it("keeps other thresholds within the measure's range", () => {
    expect(issues({ measure: 'co2', threshold: 10_001, mode: 'auto' })).toEqual([
      'threshold validation.max_value',
    ]);
    expect(issues({ measure: 'temperature', threshold: -41, mode: 'auto' })).toEqual([
      'threshold validation.min_value',
    ]);
  });
});

describe('alert rule helpers', () => {
  it('picks the strongest mode: boost > auto > silence > off', () => {
    expect(strongestMode(['auto', 'boost', 'silence'])).toBe('boost');
    expect(strongestMode(['off', 'silence'])).toBe('silence');
    expect(strongestMode([])).toBeNull();
  });

  it('gives a hysteresis band per measure', () => {
    expect(defaultHysteresis('co2', 1000)).toBe(50);
    expect(defaultHysteresis('pm25', 25)).toBe(1.25);
    expect(defaultHysteresis('iso', 7)).toBe(0);
    expect(defaultHysteresis('temperature', 28)).toBe(0.5);
  });

  it('recommends the thresholds of decisions section 4', () => {
    expect(RECOMMENDED_THRESHOLDS.co2).toEqual({ moderate: 800, high: 1000, very_high: 1500 });
    expect(RECOMMENDED_THRESHOLDS.formaldehyde).toEqual({ moderate: 10, high: 30, very_high: 100 });
  });
});
