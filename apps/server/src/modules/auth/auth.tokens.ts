import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** user id */
  uid: number;
  /** session id: checked on every request, so revoking a session ends its access tokens */
  sid: string;
}

/** Tokens verified lately; a browser sends the same one with every request until it expires. */
const VERIFIED_MAX = 10_000;

export function accessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // The signature check cost as much as the rest of an access check; a token's bytes decide it, so
  // each token is checked once and then only its expiry.
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
  return {
    ttlSeconds,
    sign(claims: AccessClaims, subject: string) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return { uid: known.uid, sid: known.sid };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.uid !== 'number' || typeof payload.sid !== 'string' || !payload.exp) return null;
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { uid: payload.uid, sid: payload.sid, expiresAt: payload.exp * 1000 });
        return { uid: payload.uid, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;

/** A random secret for refresh and reset links; only its hash is stored. */
export const newSecretToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
