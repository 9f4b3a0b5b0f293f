import { z } from 'zod';
import { PRODUCT_KEY_MODELS, type ProductKeyModel } from './product-keys.ts';
import { requiredString, singleLineText } from './validation.ts';

/** Largest firmware file accepted (spec section 9: 200 MB). */
export const FIRMWARE_MAX_BYTES = 200 * 1024 * 1024;
/** Longest firmware name. */
export const FIRMWARE_NAME_MAX = 120;

/** Longest firmware version. */
export const FIRMWARE_VERSION_MAX = 32;

/**
 * A firmware version: two to four dot-separated numbers, then optionally a pre-release or build
 * suffix (`2.4`, `2.4.1`, `2.4.1-beta.2`, `3.0.0+20261127`). A purifier reports the same string
 * as its `soft_version`, so the two can be compared.
 */
export const FIRMWARE_VERSION_PATTERN =
  /^\d{1,6}(?:\.\d{1,6}){1,3}(?:[-+][0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*)?$/;

/** The version of a firmware file (`validation.firmware_version` when it is not one). */
export const firmwareVersionSchema = () =>
  singleLineText('validation.required')
    .min(1, { error: 'validation.required', abort: true })
    .max(FIRMWARE_VERSION_MAX, { error: 'validation.max_length', abort: true })
    .regex(FIRMWARE_VERSION_PATTERN, { error: 'validation.firmware_version' });

/**
 * The purifier models a firmware fits: at least one of the product-key models, each once. A
 * multipart form sends them as one comma-separated field; a form or JSON as a list.
 */
export const firmwareModelsSchema = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((model) => model.trim())
            .filter((model) => model !== '')
        : value === undefined || value === null
          ? []
          : value,
    z
      .array(z.enum(PRODUCT_KEY_MODELS, { error: 'validation.invalid_choice' }), {
        error: 'validation.required',
      })
      .min(1, { error: 'validation.required' })
      .transform((models) => PRODUCT_KEY_MODELS.filter((model) => models.includes(model))),
  );

/**
 * The text fields of a firmware upload (the `file` part is checked while it streams): its
 * name, its version and the models it fits.
 */
export const firmwareFieldsSchema = z.object({
  name: requiredString().max(FIRMWARE_NAME_MAX, { error: 'validation.max_length' }),
  version: firmwareVersionSchema(),
  models: firmwareModelsSchema(),
});
export type FirmwareFieldsInput = z.input<typeof firmwareFieldsSchema>;

/** A stored firmware file as GET /api/firmwares lists it. */
export interface Firmware {
  '@id': string;
  '@type': 'Firmware';
  ulid: string;
  name: string;
  /** The firmware's version (`2.4.1`), what a purifier reports as its `soft_version`. */
  version: string;
  /** The purifier models it fits, in the order of the product-key models. */
  models: ProductKeyModel[];
  /** The file name as uploaded (also the last segment of `public_url`). */
  file_name: string;
  /** Bytes. */
  size: number;
  /** Lower-case hex SHA-256 of the file. */
  sha256: string;
  content_type: string;
  /** Import date. */
  created_at: string;
  /** Absolute download URL, public (no account needed). */
  public_url: string;
  uploaded_by: string | null;
}

/** Bytes as a short human size (1 decimal), e.g. `12.4 MB`; `units` are B, KB, MB, GB in the reader's language. */
export function formatBytes(
  bytes: number,
  units: readonly string[] = ['B', 'KB', 'MB', 'GB'],
): string {
  if (bytes < 1024) return `${bytes} ${units[0]}`;
  let value = bytes / 1024;
  let unit = 1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/**
 * Orders two firmware versions as semantic versions do: the dotted numbers compare one by one
 * (missing ones count as 0: `2.4` = `2.4.0`), a pre-release (`-beta.2`) comes before its release,
 * pre-release identifiers compare numerically when both are numbers, and a build suffix (`+…`)
 * is ignored. Negative when `a` is older, 0 when equal, positive when newer.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = '', pre] = version.split('+')[0]!.split(/-(.*)/s);
    return { numbers: core.split('.').map((n) => Number(n) || 0), pre: pre ?? null };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const diff = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  const xs = x.pre.split('.');
  const ys = y.pre.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    const p = xs[i];
    const q = ys[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}
