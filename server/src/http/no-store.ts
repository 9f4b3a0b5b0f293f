import type { Response } from 'express';

/**
 * Marks an answer that carries a secret (a token, a device or shared secret, a session's user)
 * as never to be stored by a browser or a proxy cache.
 */
export function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store');
}
