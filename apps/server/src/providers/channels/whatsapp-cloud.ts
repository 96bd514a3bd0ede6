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

export const CLOUD_SIGNATURE_HEADER = 'x-hub-signature-256';

export interface WhatsappCloudOptions extends HttpOptions {
  /** Graph API version, e.g. v21.0. */
  apiVersion: string;
  /** The platform operator's Meta app: system-user token and app secret (webhook signatures). */
  accessToken: string;
  appSecret: string;
  /**
   * Point the phone number's webhook override (`webhook_configuration.override_callback_uri`) at
   * the integration's URL on activation; Meta then runs the verify-token handshake against it.
   * Off: the app's own callback URL (set in the Meta dashboard) receives everything.
   */
  callbackOverride?: boolean;
}

/**
 * The GET handshake Meta runs when a callback URL is configured: answers the challenge to echo
 * (200, plain text) when `hub.mode` is subscribe and the verify token matches; null → 403.
 */
export function verifyCloudHandshake(
  query: Record<string, string | string[] | undefined>,
  verifyToken: string,
): string | null {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const mode = one(query['hub.mode']);
  const token = one(query['hub.verify_token']);
  const challenge = one(query['hub.challenge']);
  if (mode !== 'subscribe' || !token || !verifyToken || challenge === undefined) return null;
  return safeEqual(token, verifyToken) ? challenge : null;
}

/** Graph error codes → what the caller should do. */
function reasonOf(code: number | undefined, status: number): ChannelError['reason'] {
  if (code === 130429 || code === 131056 || code === 80007 || code === 4 || status === 429)
    return 'rate_limited';
  if (code === 190 || status === 401) return 'unauthorized';
  if (code === 131000) return 'unavailable';
  return 'rejected';
}

const digitsOf = (chatId: string) => chatId.replace(/@.*$/, '').replace(/\D/g, '');

const cloudMessage = z.looseObject({
  from: z.string(),
  id: z.string().min(1),
  timestamp: z.union([z.string(), z.number()]),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
});
const cloudStatus = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }),
    )
    .optional(),
});
const cloudPayload = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.looseObject({
            metadata: z.object({ phone_number_id: z.string() }).partial().optional(),
            contacts: z
              .array(
                z.object({
                  wa_id: z.string().optional(),
                  profile: z.object({ name: z.string() }).partial().optional(),
                }),
              )
              .optional(),
            messages: z.array(cloudMessage).optional(),
            statuses: z.array(cloudStatus).optional(),
          }),
        }),
      ),
    }),
  ),
});

function textOf(message: z.infer<typeof cloudMessage>): string {
  const raw = message as Record<string, unknown>;
  const part = isObject(raw[message.type]) ? (raw[message.type] as Record<string, unknown>) : {};
  switch (message.type) {
    case 'text':
      return message.text?.body ?? '';
    case 'button':
      return typeof part.text === 'string' ? part.text : '[button]';
    case 'interactive': {
      const reply = isObject(part.button_reply)
        ? part.button_reply
        : isObject(part.list_reply)
          ? part.list_reply
          : {};
      return typeof reply.title === 'string' ? reply.title : '[interactive]';
    }
    case 'reaction':
      return `[reaction] ${typeof part.emoji === 'string' ? part.emoji : ''}`.trim();
    default:
      return typeof part.caption === 'string' && part.caption
        ? `[${message.type}] ${part.caption}`
        : `[${message.type}]`;
  }
}

const STATUS: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
  failed: 'failed',
};

/**
 * The WhatsApp Business Cloud API (Meta Graph). AccountID is the phone_number_id; the access
 * token and app secret belong to the platform operator's Meta app (config), and the
 * integration's webhook secret is the verify token of the GET handshake.
 */
export function whatsappCloudAdapter(options: WhatsappCloudOptions): ChannelAdapter {
  const authorization = { authorization: `Bearer ${options.accessToken}` };

  async function graph(method: string, path: string, json?: unknown) {
    const answer = await callProvider(
      options,
      'WhatsApp Cloud API',
      method,
      `/${options.apiVersion}${path}`,
      {
        headers: authorization,
        json,
      },
    );
    if (answer.status >= 200 && answer.status < 300 && isObject(answer.body)) return answer.body;
    const error = isObject(answer.body) && isObject(answer.body.error) ? answer.body.error : {};
    const code = typeof error.code === 'number' ? error.code : undefined;
    const message = typeof error.message === 'string' ? error.message : `Graph API answered ${answer.status}`;
    const retryAfter = Number(answer.headers.get('retry-after'));
    throw new ChannelError(
      reasonOf(code, answer.status),
      code ? `(#${code}) ${message.replace(/^\(#\d+\)\s*/, '')}` : message,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : code === 131056 ? 6 : undefined,
    );
  }

  return {
    kind: 'whatsapp_cloud',

    async activate(integration: ChannelIntegration): Promise<ActivationResult> {
      const phone = await graph(
        'GET',
        `/${encodeURIComponent(integration.accountId)}?fields=display_phone_number,verified_name`,
      );
      if (options.callbackOverride) {
        await graph('POST', `/${encodeURIComponent(integration.accountId)}`, {
          webhook_configuration: {
            override_callback_uri: integration.webhookUrl,
            verify_token: integration.webhookSecret,
          },
        });
      }
      const name = [phone.verified_name, phone.display_phone_number].filter(
        (part) => typeof part === 'string',
      );
      return { accountName: name.join(' · ') || undefined };
    },

    // Nothing to undo at Meta: the webhook route drops events of an inactive integration.
    async deactivate() {},

    async sendText(integration, chatId, text) {
      const to = digitsOf(chatId);
      const answer = await graph('POST', `/${encodeURIComponent(integration.accountId)}/messages`, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'text',
        text: { body: text, preview_url: false },
      });
      const messages = Array.isArray(answer.messages) ? answer.messages : [];
      const id = isObject(messages[0]) ? messages[0].id : undefined;
      if (typeof id !== 'string')
        throw new ChannelError('unavailable', 'Graph API answered without a message id');
      return { providerMessageId: id };
    },

    verifyWebhook(_integration, request: WebhookRequest) {
      const given = headerOf(request.headers, CLOUD_SIGNATURE_HEADER);
      if (!given?.startsWith('sha256=')) return false;
      const expected = createHmac('sha256', options.appSecret).update(request.rawBody).digest('hex');
      return safeEqual(given.slice(7).toLowerCase(), expected);
    },

    parseWebhook(body: unknown): InboundEvent[] {
      const payload = cloudPayload.parse(body);
      const events: InboundEvent[] = [];
      for (const entry of payload.entry) {
        for (const change of entry.changes) {
          if (change.field !== 'messages') continue;
          const value = change.value;
          for (const message of value.messages ?? []) {
            const contact =
              value.contacts?.find((candidate) => candidate.wa_id === message.from) ?? value.contacts?.[0];
            // System notices (the customer changed number…) are not messages from the customer.
            if (message.type === 'system') continue;
            events.push({
              kind: 'message',
              providerMessageId: message.id,
              chatId: `${message.from}@c.us`,
              senderName: contact?.profile?.name || message.from,
              phone: message.from,
              text: textOf(message),
              timestamp: fromUnixSeconds(message.timestamp),
            });
          }
          for (const status of value.statuses ?? []) {
            const mapped = STATUS[status.status];
            if (!mapped) continue;
            const error = status.errors?.[0];
            events.push({
              kind: 'status',
              providerMessageId: status.id,
              status: mapped,
              ...(mapped === 'failed' && error
                ? {
                    error: `${error.code ? `(#${error.code}) ` : ''}${error.title ?? error.message ?? 'failed'}`,
                  }
                : {}),
              timestamp: fromUnixSeconds(status.timestamp),
            });
          }
        }
      }
      return events;
    },
  };
}
