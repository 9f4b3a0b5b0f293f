import { z } from 'zod';
import { LANGUAGES, type Language } from '@aircloud/shared/constants';
import { brokenPasswordRules } from '@aircloud/shared/password';
import { ROLES, type Role } from '@aircloud/shared/roles';
import type { User } from '@aircloud/shared/users';
import { PHONE_PATTERN } from '@aircloud/shared/validation';

/** The values of the full user form (UserEdit, UserAdd). */
export interface UserFormValues {
  lastname: string;
  firstname: string;
  email: string;
  lang: Language;
  phone: string;
  company: string;
  role: Role | '';
  enabled: boolean;
  new_password1: string;
  new_password2: string;
  send_activation: boolean;
}

/** Form fields a 422 violation of the users API can point at. */
export const USER_FORM_FIELDS = [
  'lastname',
  'firstname',
  'email',
  'lang',
  'phone',
  'company',
  'role',
  'enabled',
  'new_password1',
  'new_password2',
] as const;

/** The empty form of UserAdd. */
export const EMPTY_USER_FORM: UserFormValues = {
  lastname: '',
  firstname: '',
  email: '',
  lang: 'fr',
  phone: '',
  company: '',
  role: '',
  enabled: true,
  new_password1: '',
  new_password2: '',
  send_activation: false,
};

/** The form filled from a user of the API. */
export function userFormValues(user: User): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    lastname: user.lastname,
    firstname: user.firstname,
    email: user.email,
    lang: user.lang,
    phone: user.phone,
    company: user.company,
    role: user.role,
    enabled: user.enabled,
  };
}

const name = (field: 'firstname' | 'lastname') =>
  z
    .string()
    .trim()
    .min(1, { error: `form.${field}.required` })
    .max(100, { error: 'validation.max_length' });

/**
 * The user form rules of spec section 5, as the server applies them: names, e-mail, language and
 * role required (e-mail and role not editable on one's own record), phone pattern, and in add
 * mode a valid password typed twice unless an activation e-mail is sent instead.
 */
export function userFormSchema({ add, editingSelf }: { add: boolean; editingSelf: boolean }) {
  return z
    .object({
      lastname: name('lastname'),
      firstname: name('firstname'),
      email: editingSelf
        ? z.string()
        : z
            .string()
            .trim()
            .min(1, { error: 'form.email.required' })
            .max(180, { error: 'validation.max_length' })
            .pipe(z.email({ error: 'form.email.email' })),
      lang: z.enum(LANGUAGES, { error: 'form.lang.required' }),
      phone: z
        .string()
        .trim()
        .refine((p) => p === '' || PHONE_PATTERN.test(p), { error: 'validation.phone' }),
      company: z.string().trim().max(150, { error: 'validation.max_length' }),
      role: editingSelf ? z.string() : z.enum(ROLES, { error: 'validation.required' }),
      enabled: z.boolean(),
      new_password1: z.string(),
      new_password2: z.string(),
      send_activation: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (!add || values.send_activation) return;
      if (brokenPasswordRules(values.new_password1).length > 0)
        ctx.addIssue({ code: 'custom', path: ['new_password1'], message: 'password_must_be' });
      else if (values.new_password1 !== values.new_password2)
        ctx.addIssue({ code: 'custom', path: ['new_password2'], message: 'new_password_invalid' });
    });
}
