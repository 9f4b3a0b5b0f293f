import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum, unusable under isolatedModules: 2 is its value.
const ARGON2ID = 2;

/** Hashes a password with argon2id (OWASP parameters: 19 MiB, 2 passes). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** True when `plain` matches the stored argon2 hash; false for a malformed hash. */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of one verification when the account does not exist (no e-mail probing). */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-unknown-accounts-0A');
  await verifyPassword(await dummy, plain);
  return false;
}
