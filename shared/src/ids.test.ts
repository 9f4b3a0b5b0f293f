import { describe, expect, it } from 'vitest';
import { isStoredUlid, isUlid, storedUlid, ULID_PATTERN } from './ids.ts';
import { MEDIA_OBJECT_IRI } from './users.ts';

const ID = '01J9Z3Q6ZP7V8W2M4K5N6R7S8T';

describe('ULIDs', () => {
  it('reads either case as a ULID, and only the upper case as stored', () => {
    expect(isUlid(ID)).toBe(true);
    expect(isUlid(ID.toLowerCase())).toBe(true);
    expect(isStoredUlid(ID)).toBe(true);
    expect(isStoredUlid(ID.toLowerCase())).toBe(false);
    expect(storedUlid(ID.toLowerCase())).toBe(ID);
  });

  it('refuses what is not one: length, letters outside Crockford base32, other types', () => {
    for (const value of [ID.slice(1), `${ID}0`, `${ID.slice(1)}U`, `${ID.slice(1)}I`, 42, null])
      expect([value, isUlid(value), storedUlid(value)]).toEqual([value, false, null]);
  });

  it('is the pattern the OpenAPI document and the avatar IRI show', () => {
    expect(ULID_PATTERN.source).toBe('^[0-9A-HJKMNP-TV-Z]{26}$');
    expect(MEDIA_OBJECT_IRI.exec(`/api/media_objects/${ID}/content`)?.[1]).toBe(ID);
    expect(MEDIA_OBJECT_IRI.test(`/api/media_objects/${ID.toLowerCase()}`)).toBe(false);
  });
});
