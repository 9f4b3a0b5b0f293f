import { z } from 'zod';

/** A positive page number from the query string (default 1): every paged list reads it so. */
export const pageParam = () =>
  z.coerce
    .number({ error: 'validation.numeric' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min_value' })
    .default(1);
