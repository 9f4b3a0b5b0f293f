import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from '../../http/app-error.ts';

/** What was received: a temporary file, its size and its first bytes (for the magic bytes). */
export interface ReceivedFile {
  path: string;
  size: number;
  head: Buffer;
}

/** Multipart overhead allowed above the file limit before refusing on Content-Length alone. */
const MULTIPART_SLACK = 64 * 1024;
const HEAD_BYTES = 4100;

function fileMissing(): AppError {
  return new AppError(422, 'type_file_not_found', [
    { propertyPath: 'file', code: 'type_file_not_found', message: '' },
  ]);
}

function tooLarge(): AppError {
  return new AppError(413, 'payload_too_large', [
    { propertyPath: 'file', code: 'image-size', message: '' },
  ]);
}

/**
 * Streams the multipart field `file` of the request to a temporary file under `dir`, refusing
 * as soon as more than `maxBytes` arrive (413) without buffering the body. Other fields are
 * ignored. 415 when the body is not multipart, 400 when the multipart is broken, 422
 * `type_file_not_found` when there is no `file` part. The caller owns (and removes) the file.
 */
export async function receiveFile(
  req: Request,
  dir: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  if (!req.is('multipart/form-data')) throw new AppError(415, 'unsupported_media_type');
  const length = Number(req.get('content-length') ?? 0);
  if (length > maxBytes + MULTIPART_SLACK) throw tooLarge();
  await mkdir(dir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30, fieldSize: 1024 },
    });
  } catch {
    throw new AppError(400, 'bad_request');
  }

  const path = join(dir, `.upload-${randomBytes(12).toString('hex')}`);
  let received: ReceivedFile | null = null;
  let writing: Promise<void> | null = null;
  let out: ReturnType<typeof createWriteStream> | null = null;

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

    parser.on('file', (field, stream) => {
      if (field !== 'file' || writing) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      out = file;
      writing = new Promise<void>((done, error) => {
        file.on('error', error);
        file.on('close', done);
      });
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (headLength < HEAD_BYTES) {
          chunks.push(chunk);
          headLength += chunk.length;
        }
      });
      stream.on('limit', () => {
        stream.unpipe(file);
        file.destroy();
        stream.resume();
        fail(tooLarge());
      });
      stream.on('error', () => fail(new AppError(400, 'bad_request')));
      stream.pipe(file);
      stream.on('end', () => {
        received = { path, size, head: Buffer.concat(chunks).subarray(0, HEAD_BYTES) };
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
          else reject(fileMissing());
        },
        () => fail(new AppError(400, 'bad_request')),
      );
    });
    req.on('aborted', () => fail(new AppError(400, 'bad_request')));
  });
  req.pipe(parser);
  return result;
}
