import { request as httpRequest } from 'node:http';

/** One request exactly as the fuzzer wants it on the wire (raw body, any content type). */
export interface RawRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sends the body chunked, without Content-Length (a streaming client). */
  chunked?: boolean;
}

/** What came back: status, the JSON body when there was one, the raw text otherwise. */
export interface RawResponse {
  status: number;
  contentType: string;
  json: unknown;
  text: string;
}

/**
 * Sends a request with node:http rather than supertest, so malformed bodies go out untouched
 * and a server that answers before reading the whole body (413 on Content-Length) is not a
 * client error: the answer is read even when the upload is cut.
 */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, baseUrl);
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers: Record<string, string | number> = { ...req.headers, Connection: 'close' };
  if (body && !req.chunked) headers['Content-Length'] = body.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    const client = httpRequest(
      url,
      { method: req.method, headers, agent: false, insecureHTTPParser: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(res.headers['content-type'] ?? '');
          let json: unknown = undefined;
          if (/json/.test(contentType)) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, contentType, json, text });
        });
      },
    );
    // The server may answer and close while the body is still going out: keep its answer.
    client.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') return;
      reject(err);
    });
    client.on('close', () => {
      if (!answered) reject(new Error(`${req.method} ${req.path}: connection closed, no answer`));
    });
    if (body) {
      // Chunks, so the server may answer and close before the end of a large body.
      const step = 256 * 1024;
      for (let i = 0; i < body.length; i += step) client.write(body.subarray(i, i + step));
    }
    client.end();
  });
}
