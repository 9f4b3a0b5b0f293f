import { stringify } from 'csv-stringify/sync';
import { formatProductKey, type ProductKey } from '@aircloud/shared/product-keys';
import { iri } from '@aircloud/core/jsonld';
import type { ProductKeyWithUser } from '@aircloud/core/product-keys/repository';

/** One product key as the API answers it (the key grouped by four, the account in short). */
export function productKeyPresenter({ key, user }: ProductKeyWithUser): ProductKey {
  return {
    '@id': iri('product_keys', key.id),
    '@type': 'ProductKey',
    ulid: key.id,
    key: formatProductKey(key.key),
    serial_number: key.serialNumber,
    model: key.model,
    state: key.state,
    user: user
      ? {
          '@id': iri('users', user.id),
          ulid: user.id,
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
        }
      : null,
    purifier: key.purifierId ? iri('purifiers', key.purifierId) : null,
    created_at: key.createdAt.toISOString(),
    updated_at: key.updatedAt.toISOString(),
    exported_at: key.exportedAt?.toISOString() ?? null,
    activated_at: key.activatedAt?.toISOString() ?? null,
  };
}

/** The CSV columns of exported keys, in order. */
const CSV_COLUMNS = ['key', 'serial_number', 'model', 'state'];

/** CSV lines (RFC 4180, CRLF) of exported keys: header key,serial_number,model,state. */
export function productKeysCsv(
  rows: { key: string; serialNumber: string; model: string; state: string }[],
): string {
  return stringify(
    rows.map((row) => [formatProductKey(row.key), row.serialNumber, row.model, row.state]),
    {
      header: true,
      columns: CSV_COLUMNS,
      record_delimiter: 'windows',
      // A lone CR or LF is quoted too (csv-stringify quotes only the whole CRLF by itself).
      quoted_match: /[\r\n]/,
    },
  );
}
