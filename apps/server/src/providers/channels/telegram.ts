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

/** Telegram's limit on one message's text, counted in UTF-16 code units. */
export const TELEGRAM_TEXT_LIMIT = 4096;
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const CHAT_SUFFIX = '@telegram';

/** Splits a text into parts of at most `limit` UTF-16 units, preferring line breaks, then spaces. */
export function splitText(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n', limit);
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit);
    if (cut < limit / 2) {
      cut = limit;
      // Never split a surrogate pair (an emoji) in two.
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

const user = z.object({
  id: z.number().int(),
  is_bot: z.boolean().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
});
const message = z.object({
  message_id: z.number().int(),
  date: z.number().int(),
  edit_date: z.number().int().optional(),
  chat: z.object({
    id: z.number().int(),
    type: z.string(),
    title: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    username: z.string().optional(),
  }),
  from: user.optional(),
  text: z.string().optional(),
  caption: z.string().optional(),
  contact: z.object({ phone_number: z.string(), user_id: z.number().int().optional() }).optional(),
});
const update = z.object({
  update_id: z.number().int(),
  message: message.optional(),
  edited_message: message.optional(),
});
type TelegramMessage = z.infer<typeof message>;

// Non-text messages become a placeholder (plus their caption), so the chat shows that something came.
const MEDIA_KEYS = [
  'photo',
  'video',
  'video_note',
  'animation',
  'voice',
  'audio',
  'document',
  'sticker',
  'location',
  'venue',
  'contact',
  'poll',
  'dice',
] as const;

function textOf(raw: Record<string, unknown>, parsed: TelegramMessage) {
  if (parsed.text !== undefined) return parsed.text;
  const kind = MEDIA_KEYS.find((key) => key in raw) ?? 'unsupported';
  return parsed.caption ? `[${kind}] ${parsed.caption}` : `[${kind}]`;
}

function senderName(parsed: TelegramMessage) {
  const from = parsed.from;
  const name = [from?.first_name, from?.last_name].filter(Boolean).join(' ').trim();
  if (name) return name;
  if (from?.username) return `@${from.username}`;
  const chat = parsed.chat;
  return chat.title ?? ([chat.first_name, chat.last_name].filter(Boolean).join(' ') || String(chat.id));
}

/** `<chat.id>@telegram` → the chat id Telegram wants. */
export const telegramChatId = (chatId: string) =>
  chatId.endsWith(CHAT_SUFFIX) ? chatId.slice(0, -CHAT_SUFFIX.length) : chatId;

interface TelegramAnswer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The Telegram Bot API (`{base}/bot{token}/{method}`). The integration's AccountID is the bot
 * token; its webhook secret is the `secret_token` Telegram echoes in every webhook request.
 */
export function telegramAdapter(options: HttpOptions): ChannelAdapter {
  async function call(token: string, method: string, params?: Record<string, unknown>) {
    const answer = await callProvider(options, 'Telegram', 'POST', `/bot${token}/${method}`, {
      json: params ?? {},
    });
    const body = (isObject(answer.body) ? answer.body : {}) as unknown as TelegramAnswer;
    if (answer.status === 200 && body.ok) return body.result;
    const description = body.description ?? `Telegram answered ${answer.status}`;
    const code = body.error_code ?? answer.status;
    if (code === 429) {
      throw new ChannelError('rate_limited', description, body.parameters?.retry_after ?? 1);
    }
    // A bad token answers 401, and 404 when it is malformed.
    if (code === 401 || (code === 404 && method === 'getMe'))
      throw new ChannelError('unauthorized', description);
    throw new ChannelError('rejected', description);
  }

  return {
    kind: 'telegram',

    async activate(integration: ChannelIntegration): Promise<ActivationResult> {
      const me = await call(integration.accountId, 'getMe');
      await call(integration.accountId, 'setWebhook', {
        url: integration.webhookUrl,
        secret_token: integration.webhookSecret,
        allowed_updates: ['message', 'edited_message'],
      });
      const username = isObject(me) && typeof me.username === 'string' ? me.username : undefined;
      return { accountName: username ? `@${username}` : undefined };
    },

    async deactivate(integration) {
      await call(integration.accountId, 'deleteWebhook', { drop_pending_updates: false });
    },

    async sendText(integration, chatId, text) {
      const chat = telegramChatId(chatId);
      const ids: string[] = [];
      // Parts go one after another so that they arrive in order; a failure stops the rest.
      for (const part of splitText(text)) {
        const sent = await call(integration.accountId, 'sendMessage', { chat_id: chat, text: part });
        const messageId = isObject(sent) ? sent.message_id : undefined;
        const sentChat = isObject(sent) && isObject(sent.chat) ? sent.chat.id : chat;
        ids.push(`${sentChat}:${messageId}`);
      }
      return { providerMessageId: ids[0]!, providerMessageIds: ids };
    },

    verifyWebhook(integration, request: WebhookRequest) {
      const given = headerOf(request.headers, TELEGRAM_SECRET_HEADER);
      if (!given || !integration.webhookSecret) return false;
      return safeEqual(given, integration.webhookSecret);
    },

    parseWebhook(body: unknown): InboundEvent[] {
      const parsed = update.parse(body);
      const raw = body as Record<string, Record<string, unknown>>;
      const edited = parsed.edited_message !== undefined;
      const item = parsed.message ?? parsed.edited_message;
      // Other update kinds (callback_query, my_chat_member…) carry no message for the inbox.
      if (!item) return [];
      const rawMessage = raw[edited ? 'edited_message' : 'message']!;
      const text = textOf(rawMessage, item);
      const phone = item.contact && item.contact.user_id === item.from?.id ? item.contact.phone_number : null;
      return [
        {
          kind: 'message',
          // An edit is a new bubble of its own ("[edited] …"), so it is not dropped as a repeat.
          providerMessageId: edited
            ? `${item.chat.id}:${item.message_id}:edit:${item.edit_date ?? item.date}`
            : `${item.chat.id}:${item.message_id}`,
          chatId: `${item.chat.id}${CHAT_SUFFIX}`,
          senderName: senderName(item),
          phone: phone ? phone.replace(/\D/g, '') : null,
          text: edited ? `[edited] ${text}` : text,
          timestamp: fromUnixSeconds(edited ? (item.edit_date ?? item.date) : item.date),
        },
      ];
    },
  };
}
