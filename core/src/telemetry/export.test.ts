import { describe, expect, it } from 'vitest';
import { exportFileName, exportLimit, exportStatement } from './export.ts';

const limit = (from: string) => exportLimit(new Date(from)).toISOString();

describe('exportLimit', () => {
  it('is the same Paris wall-clock time one calendar month later', () => {
    expect(limit('2026-03-15T12:34:56.789Z')).toBe('2026-04-15T11:34:56.789Z'); // CET → CEST
    expect(limit('2026-10-01T00:00:00+02:00')).toBe('2026-10-31T23:00:00.000Z'); // 1 Nov 00:00 CET
  });

  it('clamps to the last day of a shorter month', () => {
    expect(limit('2026-01-31T10:00:00Z')).toBe('2026-02-28T10:00:00.000Z');
    expect(limit('2024-01-31T22:30:00Z')).toBe('2024-02-29T22:30:00.000Z'); // 31/01 23:30 Paris
    expect(limit('2026-01-30T23:00:00Z')).toBe('2026-02-27T23:00:00.000Z'); // 31/01 00:00 Paris
  });

  it('takes a time repeated on 25 October 2026 at its first occurrence', () => {
    expect(limit('2026-09-25T00:30:00Z')).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST
    expect(limit('2026-09-25T01:30:00Z')).toBe('2026-10-25T02:30:00.000Z'); // 03:30 CET
  });

  it('takes a time skipped on 28 March 2027 an hour earlier, never past the month', () => {
    expect(limit('2027-02-28T01:30:00Z')).toBe('2027-03-28T00:30:00.000Z'); // 02:30 → 01:30 CET
    expect(limit('2027-02-28T00:59:00Z')).toBe('2027-03-28T00:59:00.000Z'); // 01:59 exists
  });
});

describe('exportFileName', () => {
  it('stamps both ends in Paris time, to the minute', () => {
    expect(
      exportFileName(
        'SN-1',
        new Date('2026-10-25T00:30:00Z'),
        new Date('2026-10-25T01:30:59.999Z'),
      ),
    ).toBe('SN-1_20261025-0230_20261025-0230.csv');
    expect(
      exportFileName('SN-1', new Date('2026-03-29T00:59:00Z'), new Date('2026-03-29T01:00:00Z')),
    ).toBe('SN-1_20260329-0159_20260329-0300.csv');
  });
});

describe('exportStatement', () => {
  it('quotes the values and the column names', () => {
    const statement = exportStatement(
      "01J'X\\Y",
      new Date('2026-10-25T00:30:00Z'),
      new Date('2026-10-25T01:30:00Z'),
    );
    expect(statement).toContain(`WHERE sensor_id =  E'01J''X\\\\Y'`);
    expect(statement).toContain(`AND ts >= '2026-10-25T00:30:00.000Z'::timestamptz`);
    expect(statement).toContain(`to_char(ts AT TIME ZONE 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS')`);
    expect(statement).toContain('co2 AS "co2 (ppm)", pm1 AS "pm1 (µg/m3)"');
    // The timestamp comes first, then the Paris date, then the measures.
    expect(statement.indexOf('AS "timestamp"')).toBeLessThan(statement.indexOf('AS "date"'));
    expect(statement.indexOf('AS "date"')).toBeLessThan(statement.indexOf('AS "co2 (ppm)"'));
  });
});
