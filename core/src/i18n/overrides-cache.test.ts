import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '@aircloud/shared/i18n/translate';
import type { Database } from '../db/client.ts';
import {
  OVERRIDES_TTL_MS,
  cachedOverrides,
  loadTranslationOverrides,
  refreshTranslationOverrides,
} from './overrides-cache.ts';

const KEY = 'errors.unauthorized';

/** A database whose overrides table answers `next()` (rows, or a rejection), counting reads. */
function fakeDb(next: () => Promise<{ lang: string; key: string; text: string }[]>) {
  let reads = 0;
  const db = {
    select: () => ({
      from: () => ({
        orderBy: () => {
          reads += 1;
          return next();
        },
      }),
    }),
  } as unknown as Database;
  return { db, reads: () => reads };
}

const rows = (text: string) => Promise.resolve([{ lang: 'es', key: KEY, text }]);
const later = () => vi.setSystemTime(Date.now() + OVERRIDES_TTL_MS + 1);

// One fake clock for the file: each later() moves it past the TTL of the copy before.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the overrides copy of a process', () => {
  it('is read once for concurrent refreshes, then not again within the TTL', async () => {
    later();
    const { db, reads } = fakeDb(() => rows('uno'));
    await Promise.all([refreshTranslationOverrides(db), refreshTranslationOverrides(db)]);
    await refreshTranslationOverrides(db);
    expect(reads()).toBe(1);
    expect(cachedOverrides('es').get(KEY)).toBe('uno');
    expect(translate('es', KEY)).toBe('uno');
    later();
    await refreshTranslationOverrides(db);
    expect(reads()).toBe(2);
  });

  it('keeps the previous copy when a reload fails, and waits a TTL before the next try', async () => {
    await loadTranslationOverrides(fakeDb(() => rows('dos')).db);
    later();
    const warn = vi.fn();
    const failing = fakeDb(() => Promise.reject(new Error('database down')));
    await refreshTranslationOverrides(failing.db, { warn } as never);
    await refreshTranslationOverrides(failing.db, { warn } as never);
    expect(failing.reads()).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(translate('es', KEY)).toBe('dos');
  });

  it('keeps an explicit load over a slower reload that started before it', async () => {
    later();
    let finish: (value: { lang: string; key: string; text: string }[]) => void = () => undefined;
    const slow = fakeDb(() => new Promise((resolve) => (finish = resolve)));
    const reload = refreshTranslationOverrides(slow.db);
    expect(slow.reads()).toBe(1);
    await loadTranslationOverrides(fakeDb(() => rows('nuevo')).db);
    finish([{ lang: 'es', key: KEY, text: 'viejo' }]);
    await reload;
    expect(cachedOverrides('es').get(KEY)).toBe('nuevo');
    expect(translate('es', KEY)).toBe('nuevo');
  });
});
