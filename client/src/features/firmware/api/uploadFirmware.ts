import type { Firmware } from '@aircloud/shared/firmware';
import { uploadWithProgress, type Upload } from '../../../lib/api/uploadWithProgress.ts';

/** A running upload: its result, and a way to abort it. */
export type FirmwareUpload = Upload<Firmware>;

/**
 * POST /api/firmwares (multipart `name`, `version`, `models` comma-separated, `file`) with its
 * progress (`onProgress` gets 0..1).
 */
export function uploadFirmware(
  fields: { name: string; version: string; models: readonly string[] },
  file: File,
  onProgress: (fraction: number) => void,
): FirmwareUpload {
  const body = new FormData();
  // The text fields first: the server reads them before the file streams in.
  body.append('name', fields.name);
  body.append('version', fields.version);
  body.append('models', fields.models.join(','));
  body.append('file', file);
  return uploadWithProgress<Firmware>('/api/firmwares', body, onProgress);
}
