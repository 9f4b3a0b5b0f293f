import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { keyFingerprint, keyringOf } from '@aircloud/core/lib/keyring';
export { keyFingerprint };
import { SEALED_VALUES } from '@aircloud/core/secrets/reseal';
import { secretFileBeside } from './services.ts';

/**
 * The manifest of a backup (`manifest.json`) and what both `npm run backup` and
 * `npm run restore` compute: file checksums, row counts, key fingerprints, sealed values.
 */

/** Bumped when the layout of a backup changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

/** A failure with a one-line message for the console (no stack trace is printed). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** One APP_SECRET named by its fingerprint (never the secret itself). */
export interface ManifestKey {
  fingerprint: string;
  /** The key id sealed values name (`v1.<key id>.…`, core/src/lib/keyring.ts): its first 8 digits. */
  key_id: string;
  /** APP_SECRET (current) or one of APP_SECRET_PREVIOUS. */
  role: 'current' | 'previous';
  /** Sealed values of the backup this key opens. */
  opens: number;
}

/** Columns holding values sealed with a key derived from APP_SECRET. */
export interface SealedColumn {
  table: string;
  column: string;
  /** The deriveKey purpose the values are sealed for. */
  purpose: string;
  count: number;
}

export interface BackupManifest {
  format: number;
  created_at: string;
  app: { version: string | null; commit: string | null };
  database: {
    name: string;
    server_version: string;
    migrations: { count: number; last: string | null };
    /** Rows per table (`schema.table`), counted in the snapshot pg_dump saved. */
    tables: Record<string, number>;
  };
  uploads: { files: number; bytes: number };
  /** The key material a restore needs: the APP_SECRET(s) the sealed values were sealed with. */
  keys: ManifestKey[];
  sealed_values: SealedColumn[];
  /** Every file of the backup but the manifest: relative path -> size and SHA-256. */
  files: Record<string, { bytes: number; sha256: string }>;
}

/** The secrets given: APP_SECRET first, then APP_SECRET_PREVIOUS (comma or space separated). */
export interface KeyMaterial {
  current: string | null;
  previous: string[];
}

/**
 * The key material this process has: `--app-secret-file` when given, else env APP_SECRET, else
 * the secret `npm start` keeps beside this database (scripts/lib/services.ts: in the embedded
 * PostgreSQL's data directory, or in the state directory named after the cluster and database),
 * else a `<VAR_DIR>/app-secret` of an older checkout; plus APP_SECRET_PREVIOUS.
 */
export async function keyMaterial(
  env: NodeJS.ProcessEnv,
  options: { databaseUrl: string; varDir: string; appSecretFile?: string },
): Promise<KeyMaterial> {
  const fromFile = (file: string) => readFileSync(file, 'utf8').trim() || null;
  let current: string | null = null;
  if (options.appSecretFile) {
    if (!existsSync(options.appSecretFile))
      throw new BackupError(`--app-secret-file ${options.appSecretFile} does not exist`);
    current = fromFile(options.appSecretFile);
  } else if (env.APP_SECRET) {
    current = env.APP_SECRET;
  } else {
    const candidates = [
      // The database may not exist yet (a restore's target).
      await secretFileBeside(options.databaseUrl, options.varDir).catch(() => null),
      path.join(options.varDir, 'app-secret'),
    ];
    const found = candidates.find((file): file is string => !!file && existsSync(file));
    if (found) current = fromFile(found);
  }
  const previous = (env.APP_SECRET_PREVIOUS ?? '').split(/[\s,]+/).filter(Boolean);
  return { current, previous };
}

/** SHA-256 of a file, streamed (uploads may be firmware images of 200 MB). */
export function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every regular file under `dir`, as paths relative to it with `/` separators, sorted. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Size and SHA-256 of the given files of `dir`. */
export async function describeFiles(
  dir: string,
  files: string[],
): Promise<BackupManifest['files']> {
  const out: BackupManifest['files'] = {};
  for (const rel of files) {
    const file = path.join(dir, rel);
    out[rel] = { bytes: statSync(file).size, sha256: await fileSha256(file) };
  }
  return out;
}

/** Checks every file named by the manifest, and that no other file is there. */
export async function verifyFiles(dir: string, manifest: BackupManifest): Promise<void> {
  const present = listFiles(dir).filter((f) => f !== 'manifest.json');
  for (const rel of Object.keys(manifest.files)) {
    if (!present.includes(rel)) throw new BackupError(`backup damaged: ${rel} is missing`);
  }
  for (const rel of present) {
    const expected = manifest.files[rel];
    if (!expected) throw new BackupError(`backup damaged: ${rel} is not in the manifest`);
    if ((await fileSha256(path.join(dir, rel))) !== expected.sha256)
      throw new BackupError(`backup damaged: the checksum of ${rel} does not match the manifest`);
  }
}

/** Ordinary and partitioned tables (not partitions) of the application's schemas, sorted. */
export async function listTables(client: Pick<pg.Client, 'query'>): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Rows per table (a partitioned table counts the rows of its partitions). */
export async function countRows(
  client: Pick<pg.Client, 'query'>,
  tables: string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    out[table.replace(/"/g, '')] = Number(rows[0]!.n);
  }
  return out;
}

/** The applied migrations (drizzle's journal table) and the tag of the last one, if known. */
export async function migrationState(
  client: Pick<pg.Client, 'query'>,
  journalFile: string,
): Promise<{ count: number; last: string | null }> {
  const found = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
  if (!found.rows[0]?.t) return { count: 0, last: null };
  const { rows } = await client.query<{ n: string; last: string | null }>(
    'SELECT count(*) AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const count = Number(rows[0]!.n);
  let last = rows[0]!.last;
  if (last && existsSync(journalFile)) {
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    last = journal.entries.find((e) => String(e.when) === last)?.tag ?? last;
  }
  return { count, last };
}

/**
 * The sealed values of the database (count per column) and, for each key given, how many of
 * them it opens: what a restore must be given to keep them readable.
 */
export async function sealedValues(
  client: Pick<pg.Client, 'query'>,
  keys: KeyMaterial,
): Promise<{ sealed: SealedColumn[]; keys: ManifestKey[] }> {
  const given = [
    ...(keys.current ? [{ secret: keys.current, role: 'current' as const }] : []),
    ...keys.previous.map((secret) => ({ secret, role: 'previous' as const })),
  ];
  const opens = new Map<string, number>();
  const sealed: SealedColumn[] = [];
  for (const { table, column, purpose } of SEALED_VALUES) {
    const exists = await client.query(
      `SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
      [table, column],
    );
    if (!exists.rowCount) continue;
    const { rows } = await client.query<{ v: string }>(
      `SELECT ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    sealed.push({ table, column, purpose, count: rows.length });
    for (const { secret } of given) {
      const keyring = keyringOf({ appSecret: secret }, purpose);
      const n = rows.filter((r) => keyring.open(r.v) !== null).length;
      opens.set(secret, (opens.get(secret) ?? 0) + n);
    }
  }
  return {
    sealed,
    keys: given.map(({ secret, role }) => ({
      fingerprint: keyFingerprint(secret),
      key_id: keyFingerprint(secret).slice(0, 8),
      role,
      opens: opens.get(secret) ?? 0,
    })),
  };
}

/**
 * The keys a restore needs: the current key of the backup (sessions and new sealed values) and
 * every previous key that opens one of its sealed values.
 */
export function neededKeys(manifest: BackupManifest): ManifestKey[] {
  return manifest.keys.filter((k) => k.role === 'current' || k.opens > 0);
}

/** The needed keys of the manifest that the given key material lacks. */
export function missingKeys(manifest: BackupManifest, keys: KeyMaterial): ManifestKey[] {
  const have = new Set(
    [keys.current, ...keys.previous].filter((s): s is string => !!s).map(keyFingerprint),
  );
  return neededKeys(manifest).filter((k) => !have.has(k.fingerprint));
}

/** The application version and git commit of this checkout, when known. */
export function appVersion(root: string): BackupManifest['app'] {
  let version: string | null = null;
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version?: string;
    };
    version = pkg.version ?? null;
  } catch {
    version = null;
  }
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const commit = git.status === 0 ? git.stdout.trim() : null;
  return { version, commit };
}
