import { resolve } from 'node:path';

/** Where uploaded CSV files wait for the worker: `<uploadDir>/sensor-imports/<id>.csv`. */
export function sensorImportDir(uploadDir: string): string {
  return resolve(uploadDir, 'sensor-imports');
}
