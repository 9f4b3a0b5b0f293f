import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { deriveKey, encrypt } from './crypto.ts';
import { keyIdOf, keyringOf } from './keyring.ts';

const A = 'a'.repeat(16) + 'first-secret-of-this-install';
const B = 'b'.repeat(16) + 'second-secret-of-this-install';
const C = 'c'.repeat(16) + 'a-secret-nobody-configured';

describe('keyring', () => {
  it('seals with the current key and names it; the value opens, fresh', () => {
    const ring = keyringOf({ appSecret: A }, 'meraki-secret');
    const sealed = ring.seal('shared secret');
    expect(sealed).toMatch(new RegExp(`^v1\\.${keyIdOf(A)}\\.[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(keyIdOf(A)).toMatch(/^[0-9a-f]{8}$/);
    expect(sealed).not.toContain(A);
    expect(ring.open(sealed)).toEqual({ plain: 'shared secret', stale: false });
  });

  it('rotation: A sealed it, B current with A previous opens it (stale), B alone opens the re-sealed value', () => {
    const sealedByA = keyringOf({ appSecret: A }, 'meraki-secret').seal('shared secret');
    const rotating = keyringOf({ appSecret: B, appSecretPrevious: [A] }, 'meraki-secret');
    expect(rotating.open(sealedByA)).toEqual({ plain: 'shared secret', stale: true });
    const resealed = rotating.seal('shared secret');
    expect(resealed.startsWith(`v1.${keyIdOf(B)}.`)).toBe(true);
    const afterwards = keyringOf({ appSecret: B }, 'meraki-secret');
    expect(afterwards.open(resealed)).toEqual({ plain: 'shared secret', stale: false });
    expect(afterwards.open(sealedByA)).toBeNull();
  });

  it('opens values of the first format (no key id) with any key, as stale', () => {
    const legacy = encrypt(deriveKey(A, 'device-secret'), 'pending');
    expect(keyringOf({ appSecret: A }, 'device-secret').open(legacy)).toEqual({
      plain: 'pending',
      stale: true,
    });
    const ring = keyringOf({ appSecret: B, appSecretPrevious: [C, A] }, 'device-secret');
    expect(ring.open(legacy)).toEqual({ plain: 'pending', stale: true });
  });

  it('answers null for a value no key opens, garbage, or another purpose', () => {
    const sealedByC = keyringOf({ appSecret: C }, 'meraki-secret').seal('x');
    const ring = keyringOf({ appSecret: B, appSecretPrevious: [A] }, 'meraki-secret');
    expect(ring.open(sealedByC)).toBeNull();
    expect(ring.open('not sealed')).toBeNull();
    expect(ring.open('v1.abc.def')).toBeNull();
    const otherPurpose = keyringOf({ appSecret: B }, 'device-secret').seal('x');
    expect(ring.open(otherPurpose)).toBeNull();
  });
});

describe('APP_SECRET_PREVIOUS', () => {
  it('reads one or more earlier secrets, comma-separated; each needs 32+ characters', () => {
    expect(loadConfig({ APP_SECRET: B }).appSecretPrevious).toEqual([]);
    expect(
      loadConfig({ APP_SECRET: B, APP_SECRET_PREVIOUS: ` ${A} , ${C},` }).appSecretPrevious,
    ).toEqual([A, C]);
    expect(() => loadConfig({ APP_SECRET: B, APP_SECRET_PREVIOUS: `${A},short` })).toThrow(
      /APP_SECRET_PREVIOUS/,
    );
  });
});
