import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@aircloud/shared/constants';

/** The row offset of `page` (from 1; anything lower counts as 1). */
export function pageOffset(page: number, size = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * size;
}

/** A LIKE / ILIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The number of rows a list's filter matched, selected beside each row of its page: counted by
 * the same statement before its LIMIT, so a page and its total are one round trip, not two.
 */
export function totalOver() {
  return sql<number>`(count(*) OVER ())::int`.mapWith(Number);
}

/**
 * A page selected with `totalOver()`, split into its rows and the total. A page past the end has
 * no row to carry the total: only then is `count` asked (page 1 empty: nothing matched).
 */
export async function pageWithTotal<T extends { total: number }>(
  rows: T[],
  page: number,
  count: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; total: number }> {
  if (rows.length === 0) return { rows: [], total: page > 1 ? await count() : 0 };
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
}
