/**
 * Record ids are ULIDs (Crockford base32, 26 characters), stored in upper case as `ulid()` makes
 * them. The one definition of their shape, and of how a path or a socket reads one: either case
 * is a ULID; a lookup is exact, so a lower-case id names nothing unless its reader asks for the
 * stored form (`storedUlid`) on purpose.
 */

/** The 26 characters of a ULID, without anchors (to build larger patterns from). */
export const ULID_CHARACTERS = '[0-9A-HJKMNP-TV-Z]{26}';

/** A ULID in either case. */
export const ULID_PATTERN = new RegExp(`^${ULID_CHARACTERS}$`, 'i');

/** True when `value` is a ULID, in either case. */
export function isUlid(value: unknown): value is string {
  return typeof value === 'string' && ULID_PATTERN.test(value);
}

/** True when `value` is a ULID as stored (upper case): what a case-exact reader accepts. */
export function isStoredUlid(value: unknown): value is string {
  return isUlid(value) && value === value.toUpperCase();
}

/** The stored (upper-case) form of a ULID given in either case, or null when it is not one. */
export function storedUlid(value: unknown): string | null {
  return isUlid(value) ? value.toUpperCase() : null;
}
