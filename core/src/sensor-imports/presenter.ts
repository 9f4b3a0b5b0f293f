import type { SensorImport } from '@aircloud/shared/sensors';
import { iri } from '../jsonld.ts';
import type { SensorImportRow } from './repository.ts';

/** A sensor import as the API answers it and as `sensor-import:updated` pushes it. */
export function sensorImportPresenter(row: SensorImportRow): SensorImport {
  return {
    '@id': iri('sensor_imports', row.id),
    '@type': 'SensorImport',
    id: row.id,
    sensor: iri('sensors', row.sensorId),
    file_name: row.fileName,
    size: Number(row.size),
    state: row.state,
    bytes_read: Number(row.bytesRead),
    rows_read: row.rowsRead,
    rows_stored: row.rowsStored,
    rows_duplicate: row.rowsDuplicate,
    rows_rejected: row.rowsRejected,
    rejections: row.rejections,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    vendor: row.vendor ?? null,
    time_zone: row.timeZone ?? null,
    reverted_at: row.revertedAt?.toISOString() ?? null,
  };
}
