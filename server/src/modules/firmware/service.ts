import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ulid } from '@aircloud/core/lib/ulid';
import { firmwareFieldsSchema, type Firmware } from '@aircloud/shared/firmware';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '@aircloud/core/errors';
import { changeOf, recordAudit } from '@aircloud/core/audit/record';
import { hydraCollection } from '@aircloud/core/jsonld';
import { firmwareInActiveRollout } from '@aircloud/core/firmware/rollouts';
import type { IncomingUpload } from '../../http/upload.ts';
import type { UserRow } from '@aircloud/core/users/repository';
import { firmwarePresenter } from './presenter.ts';
import {
  deleteFirmware,
  findFirmware,
  insertFirmware,
  listFirmwares,
  type FirmwareRow,
} from './repository.ts';

/** Where firmware files live: `<uploadDir>/firmware`, each under a random name. */
export function firmwareDir(uploadDir: string): string {
  return resolve(uploadDir, 'firmware');
}

const MIME = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * The client's file name made safe to show and to put in a URL and a Content-Disposition:
 * last path segment, no control characters, at most 200 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const short = clean.length > 200 ? clean.slice(clean.length - 200) : clean;
  return short === '' || short === '.' || short === '..' ? 'firmware.bin' : short;
}

/** A firmware row as an audit change (null when created or deleted). */
function firmwareChange(before: FirmwareRow | null, after: FirmwareRow | null) {
  const pick = (row: FirmwareRow | null) =>
    row && {
      name: row.name,
      version: row.version,
      models: row.models,
      file_name: row.originalFileName,
      size: row.size,
      sha256: row.sha256,
    };
  return changeOf(pick(before), pick(after), [
    'name',
    'version',
    'models',
    'file_name',
    'size',
    'sha256',
  ]);
}

/**
 * POST /api/firmwares: streams the `file` part to a temporary file (hashed on the way; more
 * than config.firmwareMaxBytes answers 413 and removes it), checks `name`, `version` and
 * `models`, then renames the file into place under a random name and records it with its
 * audit entry.
 */
export async function uploadFirmware(
  ctx: AppContext,
  user: UserRow,
  upload: IncomingUpload,
): Promise<Firmware> {
  const dir = firmwareDir(ctx.config.uploadDir);
  const file = await upload.receive(dir, ctx.config.firmwareMaxBytes, {
    tooLargeCode: 'firmware-size',
  });
  try {
    const { name, version, models } = firmwareFieldsSchema.parse({
      name: file.fields.name,
      version: file.fields.version,
      models: file.fields.models,
    });
    if (file.size === 0) throw fieldError('type_file_not_found', 'file');
    const storedFileName = `${randomBytes(16).toString('hex')}.bin`;
    const target = join(dir, storedFileName);
    await rename(file.path, target);
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const row = await insertFirmware(tx, {
          id: ulid(),
          name,
          version,
          models,
          originalFileName: safeFileName(file.fileName),
          storedFileName,
          size: file.size,
          sha256: file.sha256,
          contentType: MIME.test(file.mimeType) ? file.mimeType : 'application/octet-stream',
          uploadedBy: user.id,
        });
        await recordAudit(tx, {
          actor: user,
          action: 'firmware_imported',
          target: { type: 'firmware', id: row.id, label: `${row.name} ${row.version}` },
          change: firmwareChange(null, row),
        });
        return row;
      });
      return firmwarePresenter(row, ctx.config.publicUrl);
    } catch (err) {
      await rm(target, { force: true });
      throw err;
    }
  } finally {
    await rm(file.path, { force: true });
  }
}

/** GET /api/firmwares: latest import first, 20 per page, or everything with `page` null. */
export async function listFirmwareFiles(
  ctx: AppContext,
  page: number | null,
): Promise<HydraCollection<Firmware>> {
  const { rows, total } = await listFirmwares(ctx.db, page);
  return hydraCollection(
    '/api/firmwares',
    'Firmware',
    rows.map((row) => firmwarePresenter(row, ctx.config.publicUrl)),
    total,
    page === null ? null : { page },
  );
}

/** GET /api/firmwares/{id}: one firmware (its @id dereferences); 404 when there is none. */
export async function getFirmware(ctx: AppContext, id: string): Promise<Firmware> {
  const row = await findFirmware(ctx.db, id);
  if (!row) throw new AppError(404, 'not_found');
  return firmwarePresenter(row, ctx.config.publicUrl);
}

/**
 * DELETE /api/firmwares/{id}: the row with its audit entry, then its file (the public URL
 * answers 404 at once).
 */
export async function removeFirmware(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    if (await firmwareInActiveRollout(tx, id)) throw new AppError(409, 'firmware_in_rollout');
    const row = await deleteFirmware(tx, id);
    if (!row) throw new AppError(404, 'not_found');
    await recordAudit(tx, {
      actor,
      action: 'firmware_deleted',
      target: { type: 'firmware', id: row.id, label: `${row.name} ${row.version}` },
      change: firmwareChange(row, null),
    });
    return row;
  });
  await rm(join(firmwareDir(ctx.config.uploadDir), row.storedFileName), { force: true });
}

/** The firmware served at `/firmware/{id}/{fileName}`; 404 unless both match. */
export async function downloadableFirmware(
  ctx: AppContext,
  id: string,
  fileName: string,
): Promise<FirmwareRow> {
  const row = await findFirmware(ctx.db, id);
  if (!row || row.originalFileName !== fileName) throw new AppError(404, 'not_found');
  return row;
}
