import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@aircloud/shared/constants';
import type { UserRow } from './repository.ts';

/** The user's stored language, or the default when the row holds something unexpected. */
export function userLanguage(user: Pick<UserRow, 'lang'>): Language {
  return (LANGUAGES as readonly string[]).includes(user.lang)
    ? (user.lang as Language)
    : DEFAULT_LANGUAGE;
}
