import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random opaque token (validation codes, refresh tokens): 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex digest: how opaque tokens are stored and looked up. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 32-byte key derived from the app secret for one purpose, so no two uses share a key. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'aircloud', purpose, 32));
}

/** AES-256-GCM encryption: `iv.tag.ciphertext`, each base64url. */
export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/**
 * Reverses `encrypt`; null when the value was not encrypted with this key. Also reads the
 * keyring's `v1.<key id>.iv.tag.ciphertext` form (lib/keyring.ts), ignoring the key id.
 */
export function decrypt(key: Buffer, sealed: string): string | null {
  let parts = sealed.split('.');
  if (parts.length === 5 && parts[0] === 'v1') parts = parts.slice(2);
  if (parts.length !== 3) return null;
  const [iv, tag, data] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
