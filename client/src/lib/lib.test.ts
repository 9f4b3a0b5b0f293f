import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates.ts';
import { i18n } from './i18n/i18n.ts';
import { fieldErrorKey } from '../components/fieldError.ts';
import { errorMessageKey } from './api/errorMessage.ts';
import { formatNumber } from './numbers.ts';
import { MEASURE_DECIMALS } from '@aircloud/shared/sensors';

describe('dates', () => {
  it('formats in Europe/Paris as DD/MM/YYYY and HH:mm', () => {
    expect(formatDate('2026-07-14T22:30:00Z')).toBe('15/07/2026');
    expect(formatTime('2026-01-10T08:05:00Z')).toBe('09:05');
    expect(formatDateTime('2026-01-10T08:05:00Z')).toBe('10/01/2026 09:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('error texts', () => {
  it('prefers form.<field>.<code>, then validation.<code>, then the catalogue', () => {
    expect(fieldErrorKey(i18n, 'email', 'validation.email')).toBe('form.email.email');
    expect(fieldErrorKey(i18n, 'company', 'validation.max_length')).toBe('validation.max_length');
    expect(fieldErrorKey(i18n, 'password', 'password_must_be')).toBe('errors.password_must_be');
  });

  it('maps hydra:description, error or data, then the status, else generic', () => {
    expect(errorMessageKey({ status: 401, data: { 'hydra:description': 'credential' } })).toBe(
      'errors.credential',
    );
    expect(errorMessageKey({ status: 400, data: { error: 'error_token_renew' } })).toBe(
      'errors.error_token_renew',
    );
    expect(errorMessageKey({ status: 404, data: null })).toBe('errors.404');
    expect(errorMessageKey({ status: 418, data: { 'hydra:description': 'teapot' } })).toBe(
      'errors.generic',
    );
    expect(errorMessageKey({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'errors.network-error',
    );
  });
});

describe('numbers', () => {
  it('writes a measure with the decimals it needs, in the reader language', () => {
    expect(formatNumber(570.75, 'fr', MEASURE_DECIMALS.co2)).toBe('571');
    expect(formatNumber(12.46, 'fr', MEASURE_DECIMALS.pm25)).toBe('12,5');
    expect(formatNumber(1234, 'en', MEASURE_DECIMALS.co2)).toBe('1,234');
    expect(formatNumber(2.345, 'en')).toBe('2.35');
  });
});
