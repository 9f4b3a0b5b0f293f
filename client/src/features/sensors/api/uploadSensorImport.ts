import type { SensorImport } from '@aircloud/shared/sensors';
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
