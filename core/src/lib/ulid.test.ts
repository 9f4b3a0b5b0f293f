import { describe, expect, it } from 'vitest';
import { decodeTime } from 'ulid';
import { isUlid } from '@aircloud/shared/ids';
import { ulid } from './ulid.ts';

describe('ulid', () => {
  it('makes valid, distinct ids carrying the time', () => {
    const ids = Array.from({ length: 10_000 }, () => ulid());
    expect(ids.every(isUlid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(decodeTime(ulid(1_800_000_000_000))).toBe(1_800_000_000_000);
  });

  it('draws every character of the random part evenly', () => {
    // 5,000 ids × 16 random characters: each of the 32 characters about 2,500 times.
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i += 1)
      for (const c of ulid().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    for (const n of counts.values()) expect(Math.abs(n - 2_500)).toBeLessThan(300);
  });
});
