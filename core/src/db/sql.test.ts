import { describe, expect, it, vi } from 'vitest';
import { containsPattern, pageOffset, pageWithTotal, preparedByShape } from './sql.ts';

describe('pages', () => {
  it('offsets pages from 1', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(0)).toBe(0);
    expect(pageOffset(3, 30)).toBe(60);
  });

  it('takes the total from the rows, and counts apart only past the end', async () => {
    const count = vi.fn(async () => 31);
    expect(
      await pageWithTotal(
        [
          { id: 'a', total: 31 },
          { id: 'b', total: 31 },
        ],
        1,
        count,
      ),
    ).toEqual({ rows: [{ id: 'a' }, { id: 'b' }], total: 31 });
    expect(count).not.toHaveBeenCalled();
    expect(await pageWithTotal([], 1, count)).toEqual({ rows: [], total: 0 });
    expect(count).not.toHaveBeenCalled();
    expect(await pageWithTotal([], 5, count)).toEqual({ rows: [], total: 31 });
    expect(count).toHaveBeenCalledOnce();
  });

  it('escapes LIKE patterns', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('preparedByShape', () => {
  it('builds a statement once per database and shape, then hands the same one back', () => {
    const built: string[] = [];
    const statementOf = preparedByShape((db: { name: string }, filter: { n: number }, shape) => {
      built.push(`${db.name} ${shape} ${filter.n}`);
      return { db: db.name, shape };
    });
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    const first = statementOf(a, { n: 1 }, 'search');
    expect(statementOf(a, { n: 2 }, 'search')).toBe(first);
    expect(statementOf(a, { n: 3 }, 'plain')).toEqual({ db: 'a', shape: 'plain' });
    expect(statementOf(b, { n: 4 }, 'search')).toEqual({ db: 'b', shape: 'search' });
    expect(built).toEqual(['a search 1', 'a plain 3', 'b search 4']);
  });
});
