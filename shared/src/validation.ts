import { z } from 'zod';

/**
 * Reusable zod pieces whose messages are `validation.*` catalogue keys, so client forms and the
 * server's 422 violations speak the same words (spec section 5).
 */
export const requiredString = () =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' });

export const optionalString = () => z.string().trim().optional().default('');

export const emailField = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(180, { error: 'validation.max_length' })
    .pipe(z.email({ error: 'validation.email' }))
    .transform((email) => email.toLowerCase());

/** Phone: optional plus sign, then 7 to 15 digits with optional single spaces. */
export const PHONE_PATTERN = /^\+?(?:\d ?){6,14}\d$/;
