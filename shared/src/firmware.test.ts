import { describe, expect, it } from 'vitest';
import { compareFirmwareVersions, firmwareFieldsSchema } from './firmware.ts';

/** The messages of a refused upload, by field. */
function refusals(input: Record<string, unknown>): Record<string, string> {
  const result = firmwareFieldsSchema.safeParse(input);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('firmware version and models', () => {
  it('accepts dotted versions with an optional pre-release or build suffix', () => {
    for (const version of ['2.4', '2.4.1', '10.0.3.7', '2.4.1-beta.2', '3.0.0+20261127', '1.2-rc1'])
      expect(
        firmwareFieldsSchema.safeParse({ name: 'F', version, models: 'HEPA_COCOON' }).success,
        version,
      ).toBe(true);
  });

  it('refuses what is not a version with validation.firmware_version', () => {
    for (const version of [
      '2',
      'v2.4.1',
      '2.4.',
      '2..4',
      'latest',
      '2.4.1-',
      '2.4.1 beta',
      '1.2.3.4.5',
    ])
      expect(refusals({ name: 'F', version, models: 'HEPA_COCOON' }), version).toEqual({
        version: 'validation.firmware_version',
      });
    expect(refusals({ name: 'F', version: '  ', models: 'HEPA_COCOON' })).toEqual({
      version: 'validation.required',
    });
    expect(refusals({ name: 'F', models: 'HEPA_COCOON' })).toEqual({
      version: 'validation.required',
    });
    expect(refusals({ name: 'F', version: `1.${'0'.repeat(40)}`, models: 'HEPA_COCOON' })).toEqual({
      version: 'validation.max_length',
    });
  });

  it('reads models from a comma-separated field or a list, keeps each once in model order', () => {
    const parsed = firmwareFieldsSchema.parse({
      name: 'F',
      version: '2.4.1',
      models: ' HEPA_DOME_BLACK, HEPA_BULLE_WHITE ,HEPA_DOME_BLACK',
    });
    expect(parsed.models).toEqual(['HEPA_BULLE_WHITE', 'HEPA_DOME_BLACK']);
    expect(
      firmwareFieldsSchema.parse({ name: 'F', version: '2.4.1', models: ['HEPA_COCOON'] }).models,
    ).toEqual(['HEPA_COCOON']);
  });

  it('refuses no model (validation.required) and an unknown one (validation.invalid_choice)', () => {
    expect(refusals({ name: 'F', version: '2.4.1', models: '' })).toEqual({
      models: 'validation.required',
    });
    expect(refusals({ name: 'F', version: '2.4.1' })).toEqual({ models: 'validation.required' });
    expect(refusals({ name: 'F', version: '2.4.1', models: 'HEPA_COCOON,TOASTER' })).toEqual({
      'models.1': 'validation.invalid_choice',
    });
  });
});

describe('compareFirmwareVersions', () => {
  it('orders versions as semantic versions do', () => {
    const ordered = ['1.9', '2.4', '2.4.1-alpha', '2.4.1-beta.2', '2.4.1-beta.11', '2.4.1', '2.10'];
    for (let i = 0; i < ordered.length - 1; i++)
      expect(compareFirmwareVersions(ordered[i]!, ordered[i + 1]!), ordered[i]).toBeLessThan(0);
    expect(compareFirmwareVersions('2.4', '2.4.0')).toBe(0);
    expect(compareFirmwareVersions('3.0.0+20261127', '3.0.0')).toBe(0);
    expect(compareFirmwareVersions('2.5.0', '2.4.9')).toBeGreaterThan(0);
  });
});
