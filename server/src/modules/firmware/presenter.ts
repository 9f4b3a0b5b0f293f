import type { Firmware } from '@aircloud/shared/firmware';
import { iri } from '@aircloud/core/jsonld';
import type { FirmwareRow } from './repository.ts';

/** The public path of a firmware file: `/firmware/{id}/{original file name}`. */
export function firmwarePublicPath(row: Pick<FirmwareRow, 'id' | 'originalFileName'>): string {
  return `/firmware/${row.id}/${encodeURIComponent(row.originalFileName)}`;
}

/** A firmware row as the API answers it; `publicUrl` is the configured PUBLIC_URL. */
export function firmwarePresenter(row: FirmwareRow, publicUrl: string): Firmware {
  return {
    '@id': iri('firmwares', row.id),
    '@type': 'Firmware',
    ulid: row.id,
    name: row.name,
    version: row.version,
    models: row.models,
    file_name: row.originalFileName,
    size: row.size,
    sha256: row.sha256,
    content_type: row.contentType,
    created_at: row.createdAt.toISOString(),
    public_url: `${publicUrl}${firmwarePublicPath(row)}`,
    uploaded_by: row.uploadedBy ? iri('users', row.uploadedBy) : null,
  };
}
