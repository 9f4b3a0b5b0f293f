import type { i18n as I18n } from 'i18next';

/**
 * The i18n key for a field error (spec section 5): `form.<field>.<code>` when it exists, else
 * `validation.<code>`, else `errors.<code>` (catalogue keys such as password_must_be).
 */
export function fieldErrorKey(i18n: I18n, field: string, message: string): string {
  const code = message.replace(/^validation\./, '').replace(/^errors\./, '');
  const fieldKey = field.split('.').pop()?.toLowerCase() ?? field;
  for (const key of [`form.${fieldKey}.${code}`, `validation.${code}`, `errors.${code}`]) {
    if (i18n.exists(key)) return key;
  }
  return i18n.exists(message) ? message : 'errors.generic';
}
