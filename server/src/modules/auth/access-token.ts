import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '@aircloud/shared/roles';
import { ACCESS_TOKEN_TTL_SECONDS } from '@aircloud/shared/constants';
import { deriveKey } from '../../lib/crypto.ts';

const ISSUER = 'aircloud';

/** Signs and verifies the access-token JWT (HS256, 15 minutes) with a key from the app secret. */
export interface AccessTokens {
  sign(user: { id: string; role: string }): Promise<string>;
  /** The claims of a valid token, or null (bad signature, expired, malformed). */
  verify(token: string): Promise<{ sub: string; role: Role } | null>;
}

/** Builds the access-token signer for one app secret. */
export function createAccessTokens(appSecret: string): AccessTokens {
  const key = new Uint8Array(deriveKey(appSecret, 'access-token'));
  return {
    sign: (user) =>
      new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const role = payload.role as Role;
        if (typeof payload.sub !== 'string' || !ROLES.includes(role)) return null;
        return { sub: payload.sub, role };
      } catch {
        return null;
      }
    },
  };
}
