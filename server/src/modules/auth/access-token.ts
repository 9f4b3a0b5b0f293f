import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { ROLES, type Role } from '@aircloud/shared/roles';
import { ACCESS_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import { deriveKey } from '@aircloud/core/lib/crypto';

const ISSUER = 'aircloud';

/** The claims of a valid access token: the user, its role and its refresh family (`fid`). */
export interface AccessClaims {
  sub: string;
  role: Role;
  /** The refresh family of the session: the token dies with it (logout, password change). */
  fid: string;
}

/** Signs and verifies the access-token JWT (HS256, 15 minutes) with a key from the app secret. */
export interface AccessTokens {
  sign(user: { id: string; role: string }, familyId: string): Promise<string>;
  /** The claims of a valid token, or null (bad signature, expired, malformed, no family). */
  verify(token: string): Promise<AccessClaims | null>;
}

/**
 * Builds the access-token signer for one app secret; tokens signed with a previous one
 * (APP_SECRET_PREVIOUS) are still accepted, so rotating APP_SECRET signs nobody out.
 */
export function createAccessTokens(
  appSecret: string,
  previousSecrets: readonly string[] = [],
): AccessTokens {
  const key = new Uint8Array(deriveKey(appSecret, 'access-token'));
  const keys = [key, ...previousSecrets.map((s) => new Uint8Array(deriveKey(s, 'access-token')))];
  // Tokens already verified, until their expiry: a browser sends the same token with each of its
  // requests for 15 minutes, and its signature cannot change (HMAC was 5 % of the server's CPU
  // under the API benchmark). Whether its session is still live is asked apart (authenticate.ts).
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({
    max: 20_000,
  });
  return {
    sign: (user, familyId) =>
      new SignJWT({ role: user.role, fid: familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return { ...known.claims };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await verifyWithAny(token, keys);
        const role = payload.role as Role;
        if (typeof payload.sub !== 'string' || !ROLES.includes(role)) return null;
        // Tokens signed before sessions carried their family cannot be checked: refused.
        if (typeof payload.fid !== 'string' || payload.fid === '') return null;
        const claims = { sub: payload.sub, role, fid: payload.fid };
        if (typeof payload.exp === 'number')
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}

/** Verifies with the current key, then each previous one; throws the current key's failure. */
async function verifyWithAny(token: string, keys: Uint8Array[]) {
  let failure: unknown;
  for (const key of keys) {
    try {
      return await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    } catch (err) {
      failure ??= err;
    }
  }
  throw failure;
}
