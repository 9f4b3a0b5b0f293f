/**
 * npm run restore -- <backup dir or .tar> [--database-url URL] [--upload-dir DIR]
 * [--app-secret-file FILE] [--force]: checks the backup's checksums and key material, restores
 * the database into an empty (or new) one and the uploads, then checks every table's row count.
 * See docs/operations.md.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError, keyMaterial } from './lib/backup-manifest.ts';
import { redact, startDatabaseUrl } from './lib/backup.ts';
import { restoreBackup } from './lib/restore.ts';
import { secretFileBeside } from './lib/services.ts';

/**
 * Writes the restore's APP_SECRET where `npm start` looks for the restored database's secret
 * (scripts/lib/services.ts), so the product started on it opens its sealed values; a different
 * secret found there (the database the restore replaced) is kept as `app-secret.before-restore`.
 * Answers the file when it wrote one.
 */
async function keepSecretBeside(
  databaseUrl: string,
  varDir: string,
  secret: string,
): Promise<string | null> {
  const file = await secretFileBeside(databaseUrl, varDir);
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (stored === secret) return null;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (stored) renameSync(file, `${file}.before-restore`);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return file;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      'upload-dir': { type: 'string' },
      'app-secret-file': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1)
    throw new BackupError(
      'usage: npm run restore -- <backup directory or .tar> [--database-url URL] [--upload-dir DIR] [--app-secret-file FILE] [--force]',
    );
  const varDir = path.resolve(root, process.env.VAR_DIR ?? 'var');
  const databaseUrl =
    values['database-url'] ?? process.env.DATABASE_URL ?? (await startDatabaseUrl());
  const uploadDir = path.resolve(
    root,
    values['upload-dir'] ?? process.env.UPLOAD_DIR ?? 'var/uploads',
  );
  const keys = await keyMaterial(process.env, {
    databaseUrl,
    varDir,
    appSecretFile: values['app-secret-file'],
  });
  const summary = await restoreBackup({
    backup: path.resolve(positionals[0]!),
    databaseUrl,
    uploadDir,
    keys,
    force: values.force,
  });
  const kept = keys.current ? await keepSecretBeside(databaseUrl, varDir, keys.current) : null;
  if (kept) console.log(`[restore] APP_SECRET kept beside the restored database: ${kept}`);
  console.log(
    `[restore] ${positionals[0]} -> ${redact(databaseUrl)}: ${summary.tables} tables, ` +
      `${summary.rows} rows (counts checked), ${summary.uploads} uploads into ${uploadDir}` +
      `${summary.warnings.length ? ` (${summary.warnings.length} warning(s) above)` : ''}. ` +
      'Start the product with the same APP_SECRET; its migrations bring an older backup up to date.',
  );
} catch (err) {
  console.error(`[restore] ${err instanceof BackupError ? err.message : String(err)}`);
  process.exitCode = 1;
}
