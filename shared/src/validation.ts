import { z } from 'zod';

/**
 * Reusable zod pieces whose messages are `validation.*` catalogue keys, so client forms and the
 * server's 422 violations speak the same words (spec section 5).
 */
/**
 * True when `text` holds a control character: C0 (NUL, tab, CR, LF…), DEL, C1, or the Unicode
 * line and paragraph separators; `keepLineFeed` lets LF through. In a name they would break the
 * lines of a mail or a CSV export.
 */
function hasControlCharacter(text: string, keepLineFeed: boolean): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const control =
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (control && !(keepLineFeed && code === 0x0a)) return true;
  }
  return false;
}

/**
 * Text on one line (a name, a company, a phone), trimmed: any control character (CR, LF, tab,
 * NUL…) inside it is refused with `validation.control_characters`. `error` is the message when
 * the value is not a string.
 */
export const singleLineText = (error = 'validation.invalid') =>
  z
    .string({ error })
    .trim()
    .refine((text) => !hasControlCharacter(text, false), {
      error: 'validation.control_characters',
      abort: true,
    });

/**
 * Text over several lines (a note), trimmed: line feeds are kept (CR LF is read as LF), any
 * other control character is refused with `validation.control_characters`.
 */
export const multiLineText = (error = 'validation.invalid') =>
  z
    .string({ error })
    .overwrite((text) => text.replace(/\r\n/g, '\n'))
    .trim()
    .refine((text) => !hasControlCharacter(text, true), {
      error: 'validation.control_characters',
      abort: true,
    });

/** A required one-line text (single-line, at least one character once trimmed). */
export const requiredString = () =>
  singleLineText('validation.required').min(1, { error: 'validation.required' });

export const optionalString = () => singleLineText().optional().default('');

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

/**
 * Host of the product's own media (spec section 5, media links) when no MEDIA_HOST setting names
 * another (docs/decisions.md).
 */
export const DEFAULT_MEDIA_HOST = 'media.aircloud.example';

/** Video formats a media link may point at (spec section 5). */
export const MEDIA_LINK_EXTENSIONS = ['mp4', 'avi', 'mpeg', 'mov'] as const;

/**
 * True when `link` is an https address on `host` (or one of its subdomains), without user
 * name or password, whose path ends in .mp4, .avi, .mpeg or .mov (any case; the query and the
 * fragment are not part of the path).
 */
export function isMediaLink(link: string, host: string = DEFAULT_MEDIA_HOST): boolean {
  // Authority without user info ('@' refused), an optional port, then the path.
  const match = /^https:\/\/([a-z0-9.-]+)(?::\d{1,5})?(\/[^?#\s]*)(?:[?#]\S*)?$/i.exec(link);
  if (!match) return false;
  const hostname = match[1]!.toLowerCase();
  const owned = host.toLowerCase();
  if (hostname !== owned && !hostname.endsWith(`.${owned}`)) return false;
  const extension = /\.([a-z0-9]+)$/i.exec(match[2]!)?.[1]?.toLowerCase();
  return (MEDIA_LINK_EXTENSIONS as readonly string[]).includes(extension ?? '');
}

/**
 * A media link (spec section 5): a video on a product-owned host. Its message,
 * `validation.media_link`, names the host (`{{host}}`) and the formats.
 */
export const mediaLinkSchema = (host: string = DEFAULT_MEDIA_HOST) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(2048, { error: 'validation.max_length', abort: true })
    .refine((link) => isMediaLink(link, host), {
      error: 'validation.media_link',
      params: { host },
    });
