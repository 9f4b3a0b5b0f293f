import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  BACKUP_FORMAT,
  BackupError,
  appVersion,
  countRows,
  describeFiles,
  listFiles,
  listTables,
  migrationState,
  sealedValues,
  type BackupManifest,
  type KeyMaterial,
} from './backup-manifest.ts';
import {
  EMBEDDED_POSTGRES_PORT,
  embeddedPostgresUrl,
  machinePostgresUrl,
  portAnswers,
} from './services.ts';

/** What `npm run backup` writes: `<dir>/aircloud-<UTC timestamp>/`. */
export interface BackupOptions {
  databaseUrl: string;
  uploadDir: string;
  backupDir: string;
  keys: KeyMaterial;
  /** The repository root (package.json, git, the migration journal). */
  root: string;
  now?: Date;
}

/**
 * The database `npm start` uses when DATABASE_URL is not set, found without starting anything:
 * the local server on 127.0.0.1:5432, else the embedded one on 54329 (scripts/lib/services.ts).
 */
export async function startDatabaseUrl(): Promise<string> {
  if (await portAnswers('127.0.0.1', 5432)) return machinePostgresUrl('aircloud');
  if (await portAnswers('127.0.0.1', EMBEDDED_POSTGRES_PORT))
    return embeddedPostgresUrl('aircloud');
  throw new BackupError(
    'no PostgreSQL found: set DATABASE_URL or pass --database-url (or start the product with npm start)',
  );
}

/** Runs a PostgreSQL client tool; its last error line becomes the message of a failure. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${command} is not on PATH: install the PostgreSQL client tools (apt-get install postgresql-client)`
            : `${command}: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const line = stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${code}`;
        reject(new BackupError(`${command} failed: ${line}`));
      }
    });
  });
}

/** `aircloud-20261126T224500Z`: sorts by time, safe in any file system. */
export function backupName(now: Date): string {
  return `aircloud-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Writes a backup: `database.dump` (pg_dump custom format), `uploads/` (a copy of UPLOAD_DIR)
 * and `manifest.json`. Row counts are taken in the very snapshot pg_dump saves (exported from
 * a REPEATABLE READ transaction), so they match the dump exactly while the product runs. Written
 * under a `.partial` name and renamed at the end: a directory with the final name is complete.
 */
export async function createBackup(options: BackupOptions): Promise<{
  dir: string;
  manifest: BackupManifest;
}> {
  const { databaseUrl, uploadDir, backupDir, keys, root } = options;
  const now = options.now ?? new Date();
  if (!keys.current)
    throw new BackupError(
      'no APP_SECRET: set APP_SECRET or pass --app-secret-file, so the manifest names the key a restore needs',
    );
  const dir = path.join(backupDir, backupName(now));
  if (existsSync(dir)) throw new BackupError(`${dir} already exists`);
  const partial = `${dir}.partial`;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `cannot connect to ${redact(databaseUrl)}: ${err instanceof Error ? err.message : err}`,
    );
  }
  try {
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true, mode: 0o700 });
    chmodSync(partial, 0o700); // the dump holds password hashes and sealed secrets
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id'))
      .rows[0]!.id;
    const dump = runTool('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--file=${path.join(partial, 'database.dump')}`,
      `--dbname=${databaseUrl}`,
    ]);
    // Counted in the same snapshot while pg_dump reads it.
    const counted = (async () => {
      const tables = await countRows(client, await listTables(client));
      const info = await client.query<{ name: string; version: string }>(
        'SELECT current_database() AS name, current_setting($1) AS version',
        ['server_version'],
      );
      const migrations = await migrationState(
        client,
        path.join(root, 'core/src/db/migrations/meta/_journal.json'),
      );
      const sealed = await sealedValues(client, keys);
      return { tables, info: info.rows[0]!, migrations, sealed };
    })();
    const [, facts] = await Promise.all([dump, counted]);
    await client.query('COMMIT');

    if (existsSync(uploadDir))
      cpSync(uploadDir, path.join(partial, 'uploads'), { recursive: true });
    else mkdirSync(path.join(partial, 'uploads'));
    const uploads = listFiles(path.join(partial, 'uploads'));
    const files = await describeFiles(partial, [
      'database.dump',
      ...uploads.map((f) => `uploads/${f}`),
    ]);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: now.toISOString(),
      app: appVersion(root),
      database: {
        name: facts.info.name,
        server_version: facts.info.version,
        migrations: facts.migrations,
        tables: facts.tables,
      },
      uploads: {
        files: uploads.length,
        bytes: uploads.reduce((sum, f) => sum + files[`uploads/${f}`]!.bytes, 0),
      },
      keys: facts.sealed.keys,
      sealed_values: facts.sealed.sealed,
      files,
    };
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(partial, dir);
    return { dir, manifest };
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A database URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}
