import { z } from 'zod';
import { requiredString } from './validation.ts';

/** Largest firmware file accepted (spec section 9: 200 MB). */
export const FIRMWARE_MAX_BYTES = 200 * 1024 * 1024;
/** Longest firmware name. */
export const FIRMWARE_NAME_MAX = 120;

/** The `name` field of a firmware upload (the `file` part is checked while it streams). */
export const firmwareNameSchema = z.object({
  name: requiredString().max(FIRMWARE_NAME_MAX, { error: 'validation.max_length' }),
});

/** A stored firmware file as GET /api/firmwares lists it. */
export interface Firmware {
  '@id': string;
  '@type': 'Firmware';
  ulid: string;
  name: string;
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
