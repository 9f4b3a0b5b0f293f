import { describe, expect, it } from 'vitest';
import type { TranslationRow } from '@aircloud/shared/translations';
import { filterTranslations, isMissing, isNeeded, pluralCategories } from './translationFilters.ts';

function row(key: string, base: TranslationRow['base']): TranslationRow {
  return { key, base, overrides: {} } as TranslationRow;
}

describe('plural forms per language', () => {
  it('reads the categories from the language plural rules', () => {
    expect([...pluralCategories('zh')]).toEqual(['other']);
    expect(pluralCategories('en').has('one')).toBe(true);
  });

  it('does not count a `_one` form as missing in Chinese, which has no such form', () => {
    const one = row('purifiers.count_one', {
      fr: '{{count}} purificateur',
      en: '{{count}} purifier',
    });
    expect(isNeeded(one.key, 'zh')).toBe(false);
    expect(isMissing(one, 'zh')).toBe(false);
    // It is still missing where the language uses it.
    expect(isMissing(one, 'de')).toBe(true);
  });

  it('still counts a missing `_other` form or an ordinary key in Chinese', () => {
    expect(isMissing(row('purifiers.count_other', { en: '{{count}} purifiers' }), 'zh')).toBe(true);
    expect(isMissing(row('nav.purifiers', { en: 'Purifiers' }), 'zh')).toBe(true);
  });

  it('leaves the unused forms out of the missing-only filter', () => {
    const rows = [
      row('purifiers.count_one', { en: '{{count}} purifier' }),
      row('purifiers.count_other', { en: '{{count}} purifiers', zh: '{{count}} 台净化器' }),
    ];
    expect(filterTranslations(rows, { search: '', lang: 'zh', missingOnly: true })).toEqual([]);
  });
});
