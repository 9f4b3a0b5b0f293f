import { z } from 'zod';
import { brokenPasswordRules } from './password.ts';
import { emailField, optionalString, requiredString } from './validation.ts';
import { LANGUAGES } from './constants.ts';

/** A new password: every rule of spec section 5 must hold (`password_must_be` otherwise). */
export const newPasswordField = () =>
  z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(4096, { error: 'validation.max_length' })
    .refine((p) => brokenPasswordRules(p).length === 0, { error: 'password_must_be' });

/** POST /security/token/request */
export const loginSchema = z.strictObject({
  email: emailField(),
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(4096),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/registration */
export const registrationSchema = z.strictObject({
  firstname: requiredString().max(100, { error: 'validation.max_length' }),
  lastname: requiredString().max(100, { error: 'validation.max_length' }),
  email: emailField(),
  password: newPasswordField(),
  company: optionalString().pipe(z.string().max(150, { error: 'validation.max_length' })),
  lang: z.enum(LANGUAGES).optional(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** POST /security/forgot-password */
export const forgotPasswordSchema = z.strictObject({ email: emailField() });

/** POST /api/registration/resend: a new activation link for an account never activated. */
export const resendActivationSchema = z.strictObject({ email: emailField() });
export type ResendActivationInput = z.infer<typeof resendActivationSchema>;

/** POST /security/reset-password; the two passwords must match (`new_password_invalid`). */
export const resetPasswordSchema = z.strictObject({
  token: requiredString().max(200),
  new_password1: newPasswordField(),
  new_password2: z.string({ error: 'validation.required' }).max(4096),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /security/activate (the easy-connect token from the activation mail). */
export const activateSchema = z.strictObject({ token: requiredString().max(200) });

/** POST /api/me/edit-password */
export const editPasswordSchema = z.strictObject({
  current_password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(4096),
  new_password1: newPasswordField(),
  new_password2: z.string({ error: 'validation.required' }).max(4096),
});
export type EditPasswordInput = z.infer<typeof editPasswordSchema>;
