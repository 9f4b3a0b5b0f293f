import { createECDH } from 'node:crypto';

/** A VAPID key pair (RFC 8292): P-256, base64url, as browsers and `web-push` take them. */
export interface VapidKeys {
  /** The uncompressed public point (65 bytes): the `applicationServerKey` of browsers. */
  publicKey: string;
  /** The private scalar (32 bytes). */
  privateKey: string;
}

/** A new VAPID key pair (made once and kept: subscriptions are bound to the public key). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes shorter: padded back to 32 bytes.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}
