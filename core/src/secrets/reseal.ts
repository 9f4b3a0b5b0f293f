import type pg from 'pg';
import { keyringOf, type AppSecrets, type SealPurpose } from '../lib/keyring.ts';

/** Every column holding sealed values: its table, the row key, and the purpose of its key. */
export const SEALED_VALUES: readonly {
  table: string;
  id: string;
  column: string;
  purpose: SealPurpose;
}[] = [
  {
    table: 'purifier_meraki_secrets',
    id: 'purifier_id',
    column: 'secret_encrypted',
    purpose: 'meraki-secret',
  },
  { table: 'purifiers', id: 'id', column: 'device_secret_next_sealed', purpose: 'device-secret' },
  { table: 'webhooks', id: 'id', column: 'secret_sealed', purpose: 'webhook-secret' },
];

/** What one re-seal run did. */
export interface ResealResult {
  /** The id of the key everything is now sealed with (lib/keyring.ts). */
  keyId: string;
  /** Values sealed again with the current key (they were sealed by a previous one, or unnamed). */
  resealed: number;
  /** Values no key opens (their owners regenerate them; nothing else reads them). */
  unreadable: number;
}

/**
 * Seals again with APP_SECRET every value sealed with a previous key (APP_SECRET_PREVIOUS) or
 * in the first format, in batches of `batchSize` rows; a value changed meanwhile (a secret
 * regenerated, a rotation finished) is left as it is: each UPDATE names the value it replaces.
 * Idempotent: a second run finds nothing to do. Once it answers `resealed: 0` and every
 * remaining value opens with the current key, the previous keys can be removed.
 */
export async function resealStaleValues(
  pool: Pick<pg.Pool, 'query'>,
  secrets: AppSecrets,
  batchSize = 500,
): Promise<ResealResult> {
  let resealed = 0;
  let unreadable = 0;
  let keyId = '';
  for (const { table, id, column, purpose } of SEALED_VALUES) {
    const keys = keyringOf(secrets, purpose);
    keyId = keys.currentId;
    const current = `v1.${keys.currentId}.`;
    let after = '';
    for (;;) {
      const { rows } = await pool.query<{ id: string; sealed: string }>(
        `SELECT ${id} AS id, ${column} AS sealed FROM ${table}
          WHERE ${column} IS NOT NULL AND left(${column}, $1) <> $2 AND ${id} > $3
          ORDER BY ${id} LIMIT $4`,
        [current.length, current, after, batchSize],
      );
      const ids: string[] = [];
      const olds: string[] = [];
      const news: string[] = [];
      for (const row of rows) {
        const opened = keys.open(row.sealed);
        if (!opened) unreadable += 1;
        else if (opened.stale) {
          ids.push(row.id);
          olds.push(row.sealed);
          news.push(keys.seal(opened.plain));
        }
      }
      if (ids.length > 0) {
        const updated = await pool.query(
          `UPDATE ${table} AS t SET ${column} = n.sealed
             FROM unnest($1::text[], $2::text[], $3::text[]) AS n(id, old, sealed)
            WHERE t.${id} = n.id AND t.${column} = n.old`,
          [ids, olds, news],
        );
        resealed += updated.rowCount ?? 0;
      }
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  return { keyId, resealed, unreadable };
}
