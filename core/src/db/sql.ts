import { PAGE_SIZE } from '@aircloud/shared/constants';

/** The row offset of `page` (from 1; anything lower counts as 1). */
export function pageOffset(page: number, size = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * size;
}

/** A LIKE / ILIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
