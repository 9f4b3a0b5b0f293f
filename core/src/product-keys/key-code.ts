import { randomBytes } from 'node:crypto';
import { PRODUCT_KEY_ALPHABET, PRODUCT_KEY_LENGTH } from '@aircloud/shared/product-keys';

/** A new random product key: 16 base32 characters (80 bits from the system's CSPRNG). */
export function randomProductKey(): string {
  const bytes = randomBytes((PRODUCT_KEY_LENGTH * 5) / 8);
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += PRODUCT_KEY_ALPHABET[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** True when `key` (normalised) could be a product key at all. */
export function isProductKeyShape(key: string): boolean {
  return (
    key.length === PRODUCT_KEY_LENGTH && [...key].every((c) => PRODUCT_KEY_ALPHABET.includes(c))
  );
}
