import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** The password rules of spec section 5, each checked on its own so the UI can show each one. */
export const PASSWORD_RULES = [
  { id: 'min_length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
] as const;
export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

/** Ids of the rules `password` breaks, in display order; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRuleId[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}
