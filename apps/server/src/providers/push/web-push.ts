import { generateKeyPairSync } from 'node:crypto';
import type { PushPayload } from '@app/contract/notifications';
import { importJWK, SignJWT } from 'jose';
import {
  PUSH_TIMEOUT_MS,
  type PushOutcome,
  type PushSender,
  type PushTarget,
  retryAfter,
  unreachable,
} from './port.ts';
import { encryptPushPayload } from './web-push-crypto.ts';

/** A VAPID key pair as base64url: the uncompressed public point and the private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d as string };
}

const TTL_SECONDS = 3600;

/**
 * Standard Web Push (RFC 8030) with VAPID (RFC 8292) and an encrypted body (RFC 8291), straight
 * to the subscription's endpoint: works in Chrome, Firefox and Safari without a Firebase project.
 */
export function webPushSender(keys: VapidKeys, subject: string): PushSender {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const signingKey = importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      d: keys.privateKey,
    },
    'ES256',
  );
  // One token per push-service origin, renewed well before its 12 hours run out.
  const tokens = new Map<string, { jwt: string; until: number }>();
  async function vapidToken(audience: string) {
    const cached = tokens.get(audience);
    if (cached && cached.until > Date.now()) return cached.jwt;
    const expires = Math.floor(Date.now() / 1000) + 12 * 3600;
    const jwt = await new SignJWT({ sub: subject })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setAudience(audience)
      .setExpirationTime(expires)
      .sign(await signingKey);
    tokens.set(audience, { jwt, until: Date.now() + 11 * 3600_000 });
    return jwt;
  }

  return {
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (target.kind !== 'webpush') throw new Error('Web Push sends only to Web Push subscriptions');
      const body = encryptPushPayload(Buffer.from(JSON.stringify(payload)), target.p256dh, target.auth);
      let response: Response;
      try {
        response = await fetch(target.endpoint, {
          method: 'POST',
          headers: {
            authorization: `vapid t=${await vapidToken(new URL(target.endpoint).origin)}, k=${keys.publicKey}`,
            'content-encoding': 'aes128gcm',
            'content-type': 'application/octet-stream',
            ttl: String(TTL_SECONDS),
            urgency: 'high',
            // Replaces an undelivered push for the same notification (≤ 32 url-safe characters).
            topic: `n${payload.notification_id}`.slice(0, 32),
          },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (error) {
        return unreachable(error);
      }
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { status: 'sent' };
      if (response.status === 404 || response.status === 410) {
        return { status: 'gone', reason: `push service answered ${response.status}` };
      }
      const reason = `push service answered ${response.status}`;
      if (response.status === 429 || response.status >= 500) {
        return { status: 'retry', reason, retryAfterSeconds: retryAfter(response) };
      }
      // 400/401/403/413: this message or our keys are wrong.
      return { status: 'failed', reason };
    },
  };
}
