import { describe, expect, it } from 'vitest';
import { PREVIEW_BYTES, PREVIEW_ROWS, previewCsv } from './preview.ts';

const NOW = Date.UTC(2026, 10, 26);

describe('previewCsv', () => {
  it('Awair export cut at 64 KB: the first 20 rows converted, the cut last line left out', () => {
    const lines = ['timestamp(America/Los_Angeles),temp,humid,co2,voc,pm25'];
    for (let i = 0; lines.join('\n').length < PREVIEW_BYTES + 1000; i += 1)
      lines.push(`2026-07-01 ${String(i % 24).padStart(2, '0')}:00:00,21.5,45,${600 + i},120,4`);
    const head = Buffer.from(lines.join('\n')).subarray(0, PREVIEW_BYTES);
    const preview = previewCsv(head, false, 'awair.csv', 'Europe/Paris', NOW);
    if (typeof preview === 'string') throw new Error(preview);
    expect(preview).toMatchObject({
      vendor: 'awair',
      time_zone: 'America/Los_Angeles',
      time_zone_source: 'file',
      rows_read: PREVIEW_ROWS,
      rejections: [],
    });
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.rows[0]).toEqual({
      line: 2,
      ts: '2026-07-01T07:00:00.000Z',
      temperature: 21.5,
      humidity: 45,
      co2: 600,
      tvoc: 120,
      pm25: 4,
    });
  });

  it('shows the rejected lines among those read, and a cut line is never one of them', () => {
    const text = 'recorded;CO2 ppm\n2026-07-01T00:00:00;612\nsoon;600\n2026-07-01T01:00:00;6';
    const preview = previewCsv(Buffer.from(text), true, 'a.csv', 'Europe/Paris', NOW);
    if (typeof preview === 'string') throw new Error(preview);
    expect(preview.rows.map((r) => r.line)).toEqual([2]);
    expect(preview.rejections).toEqual([
      { line: 3, reason: 'import.bad_date', column: 'recorded' },
    ]);
    expect(preview.rows_read).toBe(2);
  });

  it('answers the header error of a file it cannot import', () => {
    expect(previewCsv(Buffer.from('when,co2\n1,2\n'), false, 'a.csv', 'UTC', NOW)).toBe(
      'import.no_date_column',
    );
    expect(previewCsv(Buffer.from(''), false, 'a.csv', 'UTC', NOW)).toBe('import.empty_file');
  });
});
