import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BACKUP_FORMAT,
  BackupError,
  countRows,
  listTables,
  missingKeys,
  verifyFiles,
  type BackupManifest,
  type KeyMaterial,
} from './backup-manifest.ts';
import { redact, runTool } from './backup.ts';

export interface RestoreOptions {
  /** A backup directory, or a .tar / .tar.gz of one. */
  backup: string;
  databaseUrl: string;
  uploadDir: string;
  keys: KeyMaterial;
  /** Restore over a non-empty database or uploads folder, or without the key material. */
  force?: boolean;
  /** Where warnings go (the console by default). */
  warn?: (line: string) => void;
}

export interface RestoreSummary {
  database: string;
  tables: number;
  rows: number;
  uploads: number;
  warnings: string[];
}

/** The backup directory: as given, or extracted from a tar file into a temporary directory. */
function openBackup(backup: string): { dir: string; cleanup: () => void } {
  if (!existsSync(backup)) throw new BackupError(`${backup} does not exist`);
  if (statSync(backup).isDirectory()) return { dir: backup, cleanup: () => {} };
  if (!/\.tar(\.gz)?$|\.tgz$/.test(backup))
    throw new BackupError(`${backup} is neither a backup directory nor a .tar of one`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'aircloud-restore-'));
  const tar = spawnSync('tar', ['-xf', backup, '-C', tmp], { encoding: 'utf8' });
  if (tar.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new BackupError(`cannot extract ${backup}: ${tar.stderr.trim() || 'tar failed'}`);
  }
  // The tar holds the backup directory itself, or its files directly.
  const entries = readdirSync(tmp);
  const dir =
    entries.length === 1 && statSync(path.join(tmp, entries[0]!)).isDirectory()
      ? path.join(tmp, entries[0]!)
      : tmp;
  return { dir, cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** Reads and checks the manifest of a backup directory. */
export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${dir} has no manifest.json: not a backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`backup damaged: ${file} is not valid JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `backup format ${String(manifest.format)} is not supported (this version reads format ${BACKUP_FORMAT})`,
    );
  return manifest;
}

/** What becomes unreadable when the backup is restored without its keys. */
function unreadable(manifest: BackupManifest): string {
  const sealed = manifest.sealed_values
    .filter((s) => s.count > 0)
    .map((s) => `${s.count} ${s.table}.${s.column}`);
  return `${sealed.length ? sealed.join(', ') : 'no sealed value'} (owners regenerate them); every session ends`;
}

/** Checks the key material; without it, stops (or, forced, warns) naming the keys needed. */
function checkKeys(manifest: BackupManifest, options: RestoreOptions, warnings: string[]) {
  const missing = missingKeys(manifest, options.keys);
  if (missing.length === 0) return;
  const names = missing.map(
    (k) =>
      `${k.role === 'current' ? 'APP_SECRET' : 'APP_SECRET_PREVIOUS'} with fingerprint ${k.fingerprint} (key id ${k.key_id})`,
  );
  const line = `the key material of this backup is missing: ${names.join(', ')} (set APP_SECRET / APP_SECRET_PREVIOUS or pass --app-secret-file)`;
  if (!options.force)
    throw new BackupError(
      `${line}; --force restores anyway, and then unreadable: ${unreadable(manifest)}`,
    );
  warnings.push(`restoring without ${names.join(', ')}: unreadable: ${unreadable(manifest)}`);
}

/** True when the database holds any table of ours (or anything else). */
async function hasTables(client: pg.Client): Promise<boolean> {
  return (await listTables(client)).length > 0;
}

/**
 * Prepares the target database: created when absent; refused when it holds tables unless
 * forced, then dropped and created again (a restore replaces, it never merges).
 */
async function prepareDatabase(databaseUrl: string, force: boolean, warnings: string[]) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new BackupError(`${redact(databaseUrl)} names no database`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `cannot connect to ${redact(admin.toString())}: ${err instanceof Error ? err.message : err}`,
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const busy = await hasTables(db).finally(() => db.end());
      if (busy && !force)
        throw new BackupError(
          `database ${name} is not empty: restore into a new database (--database-url) or pass --force to replace it`,
        );
      if (!busy) return;
      warnings.push(`database ${name} was not empty: replaced`);
      await client.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup: checks the files against the manifest, the key material, that the target
 * database and uploads folder are empty (or `force`), then pg_restore, the uploads, and checks
 * the row count of every table against the manifest.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const warnings: string[] = [];
  const { dir, cleanup } = openBackup(options.backup);
  try {
    const manifest = readManifest(dir);
    await verifyFiles(dir, manifest);
    checkKeys(manifest, options, warnings);
    const uploadsPresent =
      existsSync(options.uploadDir) && readdirSync(options.uploadDir).length > 0;
    if (uploadsPresent && !options.force)
      throw new BackupError(
        `uploads folder ${options.uploadDir} is not empty: restore into an empty one (UPLOAD_DIR or --upload-dir) or pass --force`,
      );
    await prepareDatabase(options.databaseUrl, options.force ?? false, warnings);
    await runTool('pg_restore', [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${options.databaseUrl}`,
      path.join(dir, 'database.dump'),
    ]);
    if (uploadsPresent) warnings.push(`uploads folder ${options.uploadDir} was not empty: merged`);
    if (existsSync(path.join(dir, 'uploads')))
      cpSync(path.join(dir, 'uploads'), options.uploadDir, { recursive: true });

    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    const counts = await countRows(client, await listTables(client)).finally(() => client.end());
    const expected = manifest.database.tables;
    for (const [table, rows] of Object.entries(expected)) {
      if (counts[table] !== rows)
        throw new BackupError(
          `restored ${table} has ${counts[table] ?? 'no table and 0'} rows, the manifest says ${rows}`,
        );
    }
    for (const line of warnings) (options.warn ?? console.warn)(`[restore] warning: ${line}`);
    return {
      database: new URL(options.databaseUrl).pathname.slice(1),
      tables: Object.keys(expected).length,
      rows: Object.values(expected).reduce((a, b) => a + b, 0),
      uploads: manifest.uploads.files,
      warnings,
    };
  } finally {
    cleanup();
  }
}
