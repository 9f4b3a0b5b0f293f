/**
 * npm run backup [-- --database-url URL] [--upload-dir DIR] [--backup-dir DIR] [--app-secret-file FILE]:
 * writes `<BACKUP_DIR>/aircloud-<UTC timestamp>/` with `database.dump` (pg_dump custom format),
 * `uploads/` and `manifest.json` (checksums, row counts, the fingerprints of the keys a restore
 * needs). See docs/operations.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BackupError, keyMaterial } from './lib/backup-manifest.ts';
import { createBackup, redact, startDatabaseUrl } from './lib/backup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'upload-dir': { type: 'string' },
      'backup-dir': { type: 'string' },
      'app-secret-file': { type: 'string' },
    },
  });
  const varDir = path.resolve(root, process.env.VAR_DIR ?? 'var');
  const databaseUrl =
    values['database-url'] ?? process.env.DATABASE_URL ?? (await startDatabaseUrl());
  const started = Date.now();
  const { dir, manifest } = await createBackup({
    databaseUrl,
    uploadDir: path.resolve(root, values['upload-dir'] ?? process.env.UPLOAD_DIR ?? 'var/uploads'),
    backupDir: path.resolve(root, values['backup-dir'] ?? process.env.BACKUP_DIR ?? 'var/backups'),
    keys: await keyMaterial(process.env, {
      databaseUrl,
      varDir,
      appSecretFile: values['app-secret-file'],
    }),
    root,
  });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  const sealed = manifest.sealed_values.reduce((a, s) => a + s.count, 0);
  console.log(
    `[backup] ${redact(databaseUrl)} -> ${path.relative(process.cwd(), dir) || dir}: ` +
      `${Object.keys(manifest.database.tables).length} tables, ${rows} rows, ` +
      `${manifest.uploads.files} uploads, ${sealed} sealed values ` +
      `(restore needs APP_SECRET ${manifest.keys.find((k) => k.role === 'current')?.fingerprint}) ` +
      `in ${Date.now() - started} ms`,
  );
} catch (err) {
  console.error(`[backup] ${err instanceof BackupError ? err.message : String(err)}`);
  process.exitCode = 1;
}
