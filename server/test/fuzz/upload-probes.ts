import type { Operation } from './operations.ts';
import { expecting, type FilePart, type Probe, type ProbeContext } from './probe.ts';

/** A multipart body, by hand so it can be broken. */
export function multipart(
  boundary: string,
  fields: Record<string, string>,
  file?: FilePart & { field?: string },
  close = true,
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (close) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** Probes of an upload: not multipart, broken multipart, wrong field, wrong type, too large. */
export function multipartProbes(op: Operation, ctx: ProbeContext): Probe[] {
  const upload = ctx.upload;
  if (!upload) return [];
  const { base } = ctx;
  const fields = upload.fields ?? {};
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const send = (label: string, body: Buffer | string, contentType: string, chunked = false) => ({
    label,
    mustRefuse: true,
    request: {
      method: op.method.toUpperCase(),
      path: base.path,
      headers: { ...base.headers, 'Content-Type': contentType },
      body,
      chunked,
    },
  });
  const form = `multipart/form-data; boundary=${boundary}`;
  const good = multipart(boundary, fields, upload.good);
  const probes: Probe[] = [
    expecting(
      send('JSON instead of multipart', JSON.stringify({ file: 'x' }), 'application/ld+json'),
      [415],
      true,
    ),
    expecting(send('text/plain body', 'file=x', 'text/plain'), [415], true),
    send('multipart without a boundary', good, 'multipart/form-data'),
    send('multipart with another boundary', good, 'multipart/form-data; boundary=notTheOne'),
    send('multipart with an empty body', '', form),
    send('multipart garbage', Buffer.from('\r\n\r\n--\r\n'.repeat(50)), form),
    send(
      'multipart truncated in the file',
      good.subarray(0, good.length - upload.good.data.length / 2 - 20),
      form,
    ),
    send(
      'multipart without its closing boundary',
      multipart(boundary, fields, upload.good, false),
      form,
    ),
    expecting(
      send(
        'file under another field name',
        multipart(boundary, fields, { ...upload.good, field: 'upload' }),
        form,
      ),
      [422],
    ),
    expecting(
      send('no file part', multipart(boundary, { ...fields, file: 'not a file' }), form),
      [422],
    ),
    send(
      'file part without headers',
      Buffer.from(`--${boundary}\r\n\r\nno headers\r\n--${boundary}--\r\n`),
      form,
    ),
    expecting(
      send(
        'file above the limit (Content-Length)',
        multipart(boundary, fields, tooBig(upload)),
        form,
      ),
      [413],
    ),
  ];
  if (upload.maxBytes <= 4 * 1024 * 1024)
    probes.push(
      expecting(
        send(
          'file above the limit (streamed, chunked)',
          multipart(boundary, fields, tooBig(upload)),
          form,
          true,
        ),
        [413],
      ),
    );
  if (upload.wrongType)
    probes.push(
      expecting(
        send('file of the wrong type', multipart(boundary, fields, upload.wrongType), form),
        [415, 422],
      ),
    );
  return probes;
}

function tooBig(upload: NonNullable<ProbeContext['upload']>): FilePart {
  return { ...upload.good, data: Buffer.alloc(upload.maxBytes + 1, 0x41) };
}
