import type { Firmware } from '@aircloud/shared/firmware';
import { uploadWithProgress, type Upload } from '../../../lib/api/uploadWithProgress.ts';

/** A running upload: its result, and a way to abort it. */
export type FirmwareUpload = Upload<Firmware>;

/** POST /api/firmwares (multipart `name`, `file`) with its progress (`onProgress` gets 0..1). */
export function uploadFirmware(
  name: string,
  file: File,
  onProgress: (fraction: number) => void,
): FirmwareUpload {
  const body = new FormData();
  // The name first: the server reads it before the file streams in.
  body.append('name', name);
  body.append('file', file);
  return uploadWithProgress<Firmware>('/api/firmwares', body, onProgress);
}
