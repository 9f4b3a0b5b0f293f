import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookHost } from '@aircloud/core/notifications/webhook-address';

/**
 * POSTs `body` to `url`, connecting only to addresses checked at this moment (the lookup of the
 * connection is the checked one: a host that re-resolves to a private address between the save
 * and now, or between two lookups, is refused). No redirect is followed.
 */
export async function postChecked(
  url: URL,
  body: string | Buffer,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<number> {
  // An IP literal is never looked up by Node: check it here.
  await resolveWebhookHost(url.hostname, allowPrivate);
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolveWebhookHost(hostname, allowPrivate).then(
      (addresses) => {
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup,
        timeout: timeoutMs,
      },
      (res) => {
        res.resume(); // the answer's body is not kept
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
