import type { PushPayload } from '@app/contract/notifications';
import { importPKCS8, SignJWT } from 'jose';
import {
  PUSH_TIMEOUT_MS,
  type PushOutcome,
  type PushSender,
  type PushTarget,
  retryAfter,
  unreachable,
} from './port.ts';

/** The fields of a Google service-account JSON key that FCM needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Error codes after which a registration token will never work again. */
const DEAD_TOKEN = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

interface FcmError {
  error?: { code?: number; message?: string; status?: string; details?: { errorCode?: string }[] };
}

/**
 * Firebase Cloud Messaging HTTP v1 without the SDK (providers.md §5a): a service-account JWT is
 * exchanged for an OAuth access token, cached until five minutes before it expires.
 */
export function fcmSender(account: ServiceAccount, baseUrl: string): PushSender {
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(account.private_key, 'RS256'));
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new Error(`FCM credentials were refused (${response.status})`);
    }
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 300) * 1000 };
    return cached.token;
  }

  return {
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (target.kind !== 'fcm') throw new Error('FCM sends only to FCM registration tokens');
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/v1/projects/${account.project_id}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token: target.token,
              notification: { title: payload.title, body: payload.body },
              data: { ...payload },
              webpush: {
                headers: { TTL: '3600', Urgency: 'high' },
                notification: { tag: `notification-${payload.notification_id}` },
              },
            },
          }),
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (error) {
        return unreachable(error);
      }
      if (response.ok) {
        await response.arrayBuffer();
        return { status: 'sent' };
      }
      const { error } = (await response.json().catch(() => ({}))) as FcmError;
      const code = error?.details?.find((detail) => detail.errorCode)?.errorCode ?? error?.status ?? '';
      const reason = `FCM answered ${response.status} ${code}`.trim();
      if (response.status === 401) cached = null;
      if (DEAD_TOKEN.has(code) || response.status === 404) return { status: 'gone', reason };
      if (code === 'INVALID_ARGUMENT' && /registration token/i.test(error?.message ?? '')) {
        return { status: 'gone', reason };
      }
      if (response.status === 429 || response.status >= 500) {
        return { status: 'retry', reason, retryAfterSeconds: retryAfter(response) };
      }
      return { status: 'failed', reason };
    },
  };
}
