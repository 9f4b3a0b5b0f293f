import { createHash } from 'node:crypto';
import { decrypt, deriveKey, encrypt } from './crypto.ts';

/**
 * The keys of values sealed at rest (Meraki shared secrets, a rotation's pending device secret),
 * so APP_SECRET can change without breaking them: a value is sealed with the current secret and
 * names the key that sealed it (`v1.<key id>.<iv>.<tag>.<data>`); the previous secrets
 * (APP_SECRET_PREVIOUS) still open what they sealed until the re-seal job (secrets/reseal.ts)
 * has sealed it again with the current one. Values of the first format (`<iv>.<tag>.<data>`,
 * no key id) are opened by trying every key.
 */

/** The secrets a keyring is made of: APP_SECRET and APP_SECRET_PREVIOUS (the config's fields). */
export interface AppSecrets {
  appSecret: string;
  appSecretPrevious?: readonly string[];
}

/** The uses of sealed values, each with its own key (the HKDF purpose). */
export type SealPurpose = 'meraki-secret' | 'device-secret' | 'webhook-secret';

/** An opened value, and whether it should be sealed again with the current key. */
export interface Opened {
  plain: string;
  /** Sealed by a previous key, or in the first format (no key id). */
  stale: boolean;
}

/** Seals with the current key; opens with any key of the ring. */
export interface Keyring {
  /** The key id of the current secret: values starting `v1.<currentId>.` need nothing. */
  readonly currentId: string;
  seal(plain: string): string;
  /** The plain text, or null when no key of the ring opens the value. */
  open(sealed: string): Opened | null;
}

const FORMAT = 'v1';

/**
 * The id of an APP_SECRET: 8 hex digits of SHA-256 of the labelled secret (the start of the
 * fingerprint a backup manifest names), enough to tell keys apart, useless to guess one.
 */
export function keyIdOf(secret: string): string {
  return keyFingerprint(secret).slice(0, 8);
}

/**
 * The fingerprint of an APP_SECRET a backup manifest names: 16 hex digits of SHA-256 of the
 * labelled secret, whose first 8 are its key id.
 */
export function keyFingerprint(secret: string): string {
  return createHash('sha256').update(`aircloud-app-secret:${secret}`).digest('hex').slice(0, 16);
}

function ringSecrets(secrets: AppSecrets): string[] {
  const previous = (secrets.appSecretPrevious ?? []).filter((s) => s && s !== secrets.appSecret);
  return [secrets.appSecret, ...new Set(previous)];
}

const rings = new Map<string, Keyring>();

/** The keyring of one purpose for these secrets, derived once per process. */
export function keyringOf(secrets: AppSecrets, purpose: SealPurpose): Keyring {
  const all = ringSecrets(secrets);
  const cacheKey = [purpose, ...all].join('\u0000');
  let ring = rings.get(cacheKey);
  if (!ring) {
    ring = createKeyring(all, purpose);
    rings.set(cacheKey, ring);
  }
  return ring;
}

function createKeyring(all: string[], purpose: SealPurpose): Keyring {
  const keys = all.map((secret) => ({ id: keyIdOf(secret), key: deriveKey(secret, purpose) }));
  const current = keys[0]!;
  const tryKeys = (inner: string, order: typeof keys): Opened | null => {
    for (const k of order) {
      const plain = decrypt(k.key, inner);
      if (plain !== null) return { plain, stale: k !== current };
    }
    return null;
  };
  return {
    currentId: current.id,
    seal: (plain) => `${FORMAT}.${current.id}.${encrypt(current.key, plain)}`,
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length === 5 && parts[0] === FORMAT) {
        const inner = parts.slice(2).join('.');
        // The named key first; the others only in case two secrets share an id.
        const named = keys.filter((k) => k.id === parts[1]);
        return tryKeys(inner, [...named, ...keys.filter((k) => k.id !== parts[1])]);
      }
      if (parts.length !== 3) return null;
      const opened = tryKeys(sealed, keys);
      return opened && { plain: opened.plain, stale: true };
    },
  };
}
