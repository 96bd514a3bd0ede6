import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { callProvider, fromUnixSeconds, type HttpOptions, headerOf, isObject, safeEqual } from './http.ts';
import {
  type ActivationResult,
  type ChannelAdapter,
  ChannelError,
  type ChannelIntegration,
  type InboundEvent,
  type WebhookRequest,
} from './port.ts';

export const WAHA_HMAC_HEADER = 'x-webhook-hmac';
export const WAHA_EVENTS = ['message', 'message.ack', 'session.status'] as const;

export type WahaSessionStatus = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED';

export interface WahaOptions extends HttpOptions {
  apiKey: string;
  /** How long activate waits for a starting session to settle, and how often it looks. */
  settleTimeoutMs?: number;
  pollIntervalMs?: number;
}

const envelope = z.looseObject({
  event: z.string().min(1),
  session: z.string().min(1),
  payload: z.unknown(),
});
const messagePayload = z.looseObject({
  id: z.union([z.string().min(1), z.looseObject({ _serialized: z.string().min(1) })]),
  timestamp: z.number().optional(),
  from: z.string().min(1),
  fromMe: z.boolean().optional(),
  body: z.string().nullish(),
  hasMedia: z.boolean().optional(),
  participant: z.string().nullish(),
  _data: z.looseObject({ notifyName: z.string().nullish() }).optional(),
  notifyName: z.string().nullish(),
});
const ackPayload = z.looseObject({
  id: z.union([z.string().min(1), z.looseObject({ _serialized: z.string().min(1) })]),
  ack: z.number().int(),
  fromMe: z.boolean().optional(),
  timestamp: z.number().optional(),
});

const idOf = (id: string | { _serialized: string }) => (typeof id === 'string' ? id : id._serialized);

/** WhatsApp ids come as `<n>@c.us`, `<n>@s.whatsapp.net` (raw engines) or `<n>@g.us` (groups). */
const normaliseChatId = (id: string) => id.replace(/@s\.whatsapp\.net$/, '@c.us');

// WAHA ack levels: -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED.
const ACK: Record<number, 'sent' | 'delivered' | 'read' | 'failed'> = {
  [-1]: 'failed',
  1: 'sent',
  2: 'delivered',
  3: 'read',
  4: 'read',
};

/**
 * The `session.status` event of a WAHA webhook (the device got paired, failed or stopped), or
 * null for any other body. parseWebhook leaves these out: they are not chat messages.
 */
export function parseWahaSessionStatus(body: unknown): { session: string; status: WahaSessionStatus } | null {
  const parsed = envelope.safeParse(body);
  if (!parsed.success || parsed.data.event !== 'session.status' || !isObject(parsed.data.payload))
    return null;
  const status = parsed.data.payload.status;
  return typeof status === 'string'
    ? { session: parsed.data.session, status: status as WahaSessionStatus }
    : null;
}

/**
 * A self-hosted WhatsApp Web gateway: WAHA (devlikeapro/waha). AccountID is the session (device)
 * name; the integration's webhook secret is the HMAC key WAHA signs every webhook with.
 */
export function wahaAdapter(options: WahaOptions): ChannelAdapter {
  const headers = { 'x-api-key': options.apiKey };
  const sessionPath = (name: string) => `/api/sessions/${encodeURIComponent(name)}`;

  async function api(method: string, path: string, json?: unknown) {
    const answer = await callProvider(options, 'WhatsApp gateway', method, path, { headers, json });
    if (answer.status === 401 || answer.status === 403) {
      throw new ChannelError('unauthorized', 'The WhatsApp gateway refused the API key');
    }
    return answer;
  }

  const messageOf = (body: unknown, fallback: string) => {
    if (isObject(body) && typeof body.message === 'string') return body.message;
    if (isObject(body) && typeof body.error === 'string') return body.error;
    return fallback;
  };

  async function session(name: string) {
    const answer = await api('GET', sessionPath(name));
    if (answer.status === 404) return null;
    if (answer.status !== 200 || !isObject(answer.body)) {
      throw new ChannelError('unavailable', messageOf(answer.body, `WAHA answered ${answer.status}`));
    }
    return answer.body;
  }

  async function settle(name: string) {
    const deadline = Date.now() + (options.settleTimeoutMs ?? 10_000);
    let current = await session(name);
    while (current?.status === 'STARTING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 200));
      current = await session(name);
    }
    return current;
  }

  return {
    kind: 'whatsapp_web',

    async activate(integration: ChannelIntegration): Promise<ActivationResult> {
      const name = integration.accountId;
      const config = {
        webhooks: [
          {
            url: integration.webhookUrl,
            events: [...WAHA_EVENTS],
            hmac: { key: integration.webhookSecret },
            retries: { policy: 'constant', delaySeconds: 2, attempts: 15 },
          },
        ],
        metadata: { integration: integration.externalId },
      };
      const existing = await session(name);
      if (!existing) {
        const created = await api('POST', '/api/sessions', { name, start: true, config });
        if (created.status >= 300) {
          throw new ChannelError('rejected', messageOf(created.body, `WAHA answered ${created.status}`));
        }
      } else {
        const updated = await api('PUT', sessionPath(name), { name, config });
        if (updated.status >= 300) {
          throw new ChannelError('rejected', messageOf(updated.body, `WAHA answered ${updated.status}`));
        }
        const status = (await session(name))?.status;
        if (status === 'STOPPED' || status === 'FAILED') await api('POST', `${sessionPath(name)}/start`);
      }
      const settled = await settle(name);
      if (!settled) throw new ChannelError('unavailable', `WAHA lost the session ${name}`);
      if (settled.status === 'FAILED') {
        throw new ChannelError('unavailable', 'The WhatsApp session failed; log it out and pair it again');
      }
      const me = isObject(settled.me) ? settled.me : null;
      return {
        accountName: me ? String(me.pushName ?? me.id ?? '') || undefined : undefined,
        needsPairing: settled.status !== 'WORKING',
      };
    },

    async deactivate(integration) {
      const answer = await api('POST', `${sessionPath(integration.accountId)}/stop`);
      if (answer.status >= 300 && answer.status !== 404) {
        throw new ChannelError('unavailable', messageOf(answer.body, `WAHA answered ${answer.status}`));
      }
    },

    async sendText(integration, chatId, text) {
      const answer = await api('POST', '/api/sendText', {
        session: integration.accountId,
        chatId: normaliseChatId(chatId),
        text,
        linkPreview: false,
      });
      if (answer.status === 429) {
        const retryAfter = Number(answer.headers.get('retry-after'));
        throw new ChannelError(
          'rate_limited',
          'WAHA is rate limiting',
          Number.isFinite(retryAfter) ? retryAfter : 5,
        );
      }
      // 404 / 422: the session is missing or not WORKING (not paired, phone offline): try later.
      if (answer.status === 404 || answer.status === 422) {
        throw new ChannelError('unavailable', messageOf(answer.body, 'The WhatsApp device is not connected'));
      }
      if (answer.status >= 300 || !isObject(answer.body)) {
        throw new ChannelError('rejected', messageOf(answer.body, `WAHA answered ${answer.status}`));
      }
      const body = answer.body;
      // WEBJS answers `id: {_serialized}`, other engines a string or `key.id`.
      const id =
        typeof body.id === 'string'
          ? body.id
          : isObject(body.id) && typeof body.id._serialized === 'string'
            ? body.id._serialized
            : isObject(body.key) && typeof body.key.id === 'string'
              ? body.key.id
              : null;
      if (!id) throw new ChannelError('unavailable', 'WAHA answered without a message id');
      return { providerMessageId: id };
    },

    verifyWebhook(integration, request: WebhookRequest) {
      const given = headerOf(request.headers, WAHA_HMAC_HEADER);
      const algorithm = headerOf(request.headers, 'x-webhook-hmac-algorithm');
      if (!given || !integration.webhookSecret) return false;
      if (algorithm && algorithm.toLowerCase() !== 'sha512') return false;
      const expected = createHmac('sha512', integration.webhookSecret).update(request.rawBody).digest('hex');
      return safeEqual(given.toLowerCase(), expected);
    },

    parseWebhook(body: unknown): InboundEvent[] {
      const event = envelope.parse(body);
      if (event.event === 'message') {
        const message = messagePayload.parse(event.payload);
        // Our own sends echo back on some engines; never treat them as the customer's.
        if (message.fromMe) return [];
        const chatId = normaliseChatId(message.from);
        const personal = chatId.endsWith('@c.us');
        const author = normaliseChatId(message.participant ?? chatId);
        const text = message.body ?? '';
        return [
          {
            kind: 'message',
            providerMessageId: idOf(message.id),
            chatId,
            senderName: message._data?.notifyName || message.notifyName || author.replace(/@.*$/, ''),
            phone: personal ? chatId.replace(/@.*$/, '') : null,
            text: message.hasMedia ? (text ? `[media] ${text}` : '[media]') : text,
            timestamp: fromUnixSeconds(message.timestamp),
          },
        ];
      }
      if (event.event === 'message.ack') {
        const ack = ackPayload.parse(event.payload);
        const status = ACK[ack.ack];
        // Acks of the customer's messages (groups) and PENDING say nothing about ours.
        if (!status || ack.fromMe === false) return [];
        return [
          {
            kind: 'status',
            providerMessageId: idOf(ack.id),
            status,
            ...(status === 'failed' ? { error: 'WhatsApp reported an error delivering the message' } : {}),
            timestamp: fromUnixSeconds(ack.timestamp),
          },
        ];
      }
      // session.status and anything else: see parseWahaSessionStatus.
      return [];
    },
  };
}
