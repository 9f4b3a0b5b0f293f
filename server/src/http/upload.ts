import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError, fieldError } from '@aircloud/core/errors';
import { allowSlowUpload } from './request-timeout.ts';

/**
 * What was received: a temporary file, its size, its first bytes (for the magic bytes), its
 * SHA-256 (computed while streaming), the client's file name and type, and the text fields.
 */
export interface ReceivedFile {
  path: string;
  size: number;
  head: Buffer;
  /** Lower-case hex SHA-256 of the file. */
  sha256: string;
  /** The file name the client sent (untrusted; never used as a path). */
  fileName: string;
  /** The content type the client declared (untrusted). */
  mimeType: string;
  /** The other (text) parts of the form, by name; the first value of each wins. */
  fields: Record<string, string>;
}

/** How a service tunes the upload. */
export interface ReceiveOptions {
  /** Violation code of the 413 answer (the client shows `errors.<code>`). Default `image-size`. */
  tooLargeCode?: 'image-size' | 'firmware-size';
}

/**
 * An upload whose body is still on its way, as a route hands it to a service: the service lets
 * the caller in first (access, quotas), then receives the `file` part where and as large as it
 * allows. No HTTP request object crosses into the service.
 */
export interface IncomingUpload {
  /** Streams the `file` part to a temporary file under `dir` (receiveFile). */
  receive(dir: string, maxBytes: number, options?: ReceiveOptions): Promise<ReceivedFile>;
}

/** The upload of a multipart request, for a service to receive once it let the caller in. */
export function incomingUpload(req: Request): IncomingUpload {
  return { receive: (dir, maxBytes, options) => receiveFile(req, dir, maxBytes, options) };
}

/** Multipart overhead allowed above the file limit before refusing on Content-Length alone. */
const MULTIPART_SLACK = 64 * 1024;
const HEAD_BYTES = 4100;

function tooLarge(code: string): AppError {
  return new AppError(413, 'payload_too_large', [{ propertyPath: 'file', code, message: '' }]);
}

/**
 * Streams the multipart field `file` of the request to a temporary file under `dir` (a dot
 * file the caller renames into place once it accepts it), hashing it on the way, and refuses as
 * soon as more than `maxBytes` arrive (413, the partial file removed) without buffering the
 * body. Small text fields are collected. 415 when the body is not multipart, 400 when the
 * multipart is broken, 422 `type_file_not_found` when there is no `file` part. The caller owns
 * (and removes) the file.
 */
export async function receiveFile(
  req: Request,
  dir: string,
  maxBytes: number,
  options: ReceiveOptions = {},
): Promise<ReceivedFile> {
  const tooLargeCode = options.tooLargeCode ?? 'image-size';
  if (!req.is('multipart/form-data')) throw new AppError(415, 'unsupported_media_type');
  const length = Number(req.get('content-length') ?? 0);
  if (length > maxBytes + MULTIPART_SLACK) throw tooLarge(tooLargeCode);
  // The caller is let in: the body may take what its size needs on a slow link.
  allowSlowUpload(req, maxBytes);
  await mkdir(dir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // busboy reports `limit` once `fileSize` bytes arrived: one more than allowed, so a file
      // of exactly maxBytes is accepted and the first byte over is refused.
      limits: { fileSize: maxBytes + 1, files: 1, fields: 20, parts: 30, fieldSize: 1024 },
    });
  } catch {
    throw new AppError(400, 'bad_request');
  }

  const path = join(dir, `.upload-${randomBytes(12).toString('hex')}`);
  let received: ReceivedFile | null = null;
  let writing: Promise<void> | null = null;
  let out: ReturnType<typeof createWriteStream> | null = null;
  const fields: Record<string, string> = {};

  const result = new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Stop reading the rest of the body; the error answer closes the connection.
      req.pause();
      out?.destroy();
      void (writing ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => rm(path, { force: true }))
        .then(() => reject(err));
    };

    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || writing) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const hash = createHash('sha256');
      const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      out = file;
      writing = new Promise<void>((done, error) => {
        file.on('error', error);
        file.on('close', done);
      });
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          chunks.push(chunk);
          headLength += chunk.length;
        }
      });
      stream.on('limit', () => {
        stream.unpipe(file);
        file.destroy();
        stream.resume();
        fail(tooLarge(tooLargeCode));
      });
      stream.on('error', () => fail(new AppError(400, 'bad_request')));
      stream.pipe(file);
      stream.on('end', () => {
        received = {
          path,
          size,
          head: Buffer.concat(chunks).subarray(0, HEAD_BYTES),
          sha256: hash.digest('hex'),
          fileName: info.filename ?? '',
          mimeType: info.mimeType ?? 'application/octet-stream',
          fields,
        };
      });
    });
    parser.on('error', () => fail(new AppError(400, 'bad_request')));
    parser.on('close', () => {
      if (settled) return;
      void (writing ?? Promise.resolve()).then(
        () => {
          if (settled) return;
          settled = true;
          if (received) resolve(received);
          else reject(fieldError('type_file_not_found', 'file'));
        },
        () => fail(new AppError(400, 'bad_request')),
      );
    });
    req.on('aborted', () => fail(new AppError(400, 'bad_request')));
  });
  req.pipe(parser);
  return result;
}
