import type { SensorImport, SensorImportPreview } from '@aircloud/shared/sensors';
import { uploadWithProgress, type Upload } from '../../../lib/api/uploadWithProgress.ts';

/** A running upload: its result, and a way to abort it. */
export type SensorImportUpload = Upload<SensorImport>;

/** POST /api/sensors/{ulid}/imports (multipart `file`) with its progress (`onProgress` gets 0..1). */
export function uploadSensorImport(
  sensorUlid: string,
  file: File,
  onProgress: (fraction: number) => void,
): SensorImportUpload {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<SensorImport>(`/api/sensors/${sensorUlid}/imports`, body, onProgress);
}

/** The preview reads the first 64 KB of a file: only those are sent (the server's PREVIEW_BYTES). */
const PREVIEW_BYTES = 64 * 1024;

/**
 * POST /api/sensors/{ulid}/imports?dry_run=1 with the first 64 KB of the file: what the import
 * will do (vendor, column mapping, first rows, rejected ones), nothing stored.
 */
export function previewSensorImport(sensorUlid: string, file: File): Upload<SensorImportPreview> {
  const body = new FormData();
  const head = file.size > PREVIEW_BYTES ? file.slice(0, PREVIEW_BYTES) : file;
  body.append('file', new File([head], file.name, { type: file.type || 'text/csv' }));
  return uploadWithProgress<SensorImportPreview>(
    `/api/sensors/${sensorUlid}/imports?dry_run=1`,
    body,
    () => undefined,
  );
}
