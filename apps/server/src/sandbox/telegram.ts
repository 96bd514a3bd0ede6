import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type Delivery,
  PUBLIC,
  type RecordedRequest,
  recordRequests,
  Switches,
  sleep,
  Threads,
  unixNow,
  type WebhookSender,
} from './common.ts';

/** The real token shape: `<bot id>:<secret>`. Tokens of any other shape answer 401. */
const TOKEN = /^(\d{5,15}):([A-Za-z0-9_-]{20,})$/;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
export const TELEGRAM_LIMIT = 4096;

export interface TelegramBot {
  token: string;
  id: number;
  username: string;
  firstName: string;
  webhook: {
    url: string;
    secretToken: string | null;
    allowedUpdates: string[];
    maxConnections: number;
  } | null;
  /** Chat ids whose user blocked the bot: sendMessage answers 403. */
  blocked: Set<string>;
  nextUpdateId: number;
  /** message_id is counted per chat, for both directions. */
  lastMessageId: Map<string, number>;
  /** Updates kept while no webhook is set (what getUpdates would hand out). */
  pending: Record<string, unknown>[];
}

export interface TelegramCustomer {
  /** The Telegram user id; a private chat's id equals it. */
  userId: number;
  firstName: string;
  lastName?: string;
  username?: string;
}

type Params = Record<string, unknown>;

/**
 * A fake Telegram Bot API: `/bot{token}/{method}` with getMe, setWebhook, deleteWebhook,
 * getWebhookInfo, getUpdates and sendMessage; the customer side sends Updates to the webhook
 * with the secret token header. Any well-formed token is a bot (created on first use) unless
 * revoked, so a demo user can paste one from the phone page.
 */
export class TelegramSandbox {
  readonly bots = new Map<string, TelegramBot>();
  readonly revoked = new Set<string>();
  readonly requests: RecordedRequest[] = [];
  readonly threads = new Threads();
  readonly switches = new Switches();

  constructor(private readonly sender: WebhookSender) {}

  /** A new bot with a fresh, well-formed token (what BotFather would hand out). */
  createBot(input: { username?: string; firstName?: string; token?: string } = {}): TelegramBot {
    const token =
      input.token ?? `${randomInt(1_000_000_000, 9_999_999_999)}:AA${randomBytes(25).toString('base64url')}`;
    const bot = this.bot(token, input);
    if (!bot) throw new Error('Malformed bot token');
    return bot;
  }

  /** The bot of a token, created on first use; null for malformed or revoked tokens. */
  bot(token: string, input: { username?: string; firstName?: string } = {}): TelegramBot | null {
    const existing = this.bots.get(token);
    if (existing) return this.revoked.has(token) ? null : existing;
    const match = TOKEN.exec(token);
    if (!match || this.revoked.has(token)) return null;
    const id = Number(match[1]);
    const bot: TelegramBot = {
      token,
      id,
      username: input.username ?? `sandbox_${String(id).slice(-4)}_bot`,
      firstName: input.firstName ?? `Sandbox Bot ${String(id).slice(-4)}`,
      webhook: null,
      blocked: new Set(),
      nextUpdateId: randomInt(100_000_000, 900_000_000),
      lastMessageId: new Map(),
      pending: [],
    };
    this.bots.set(token, bot);
    return bot;
  }

  block(token: string, chatId: string | number, blocked = true) {
    const bot = this.bot(token);
    if (!bot) throw new Error('Unknown bot');
    if (blocked) bot.blocked.add(String(chatId));
    else bot.blocked.delete(String(chatId));
  }

  private nextMessageId(bot: TelegramBot, chatId: string) {
    const id = (bot.lastMessageId.get(chatId) ?? 0) + 1;
    bot.lastMessageId.set(chatId, id);
    return id;
  }

  /** The customer writes to the bot: an Update goes to the webhook (null when none is set). */
  async customerMessage(token: string, customer: TelegramCustomer, text: string): Promise<Delivery | null> {
    const bot = this.bot(token);
    if (!bot) throw new Error('Unknown bot');
    const chatId = String(customer.userId);
    const from = {
      id: customer.userId,
      is_bot: false,
      first_name: customer.firstName,
      ...(customer.lastName ? { last_name: customer.lastName } : {}),
      ...(customer.username ? { username: customer.username } : {}),
      language_code: 'id',
    };
    const messageId = this.nextMessageId(bot, chatId);
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
    const thread = this.threads.get(token, chatId, name);
    const bubble = {
      id: `${chatId}:${messageId}`,
      direction: 'in' as const,
      text,
      at: new Date(),
      status: 'pending' as const,
    };
    thread.messages.push(bubble);
    const delivery = await this.deliverUpdate(token, {
      message: {
        message_id: messageId,
        from,
        chat: {
          id: customer.userId,
          type: 'private',
          first_name: customer.firstName,
          ...(customer.username ? { username: customer.username } : {}),
        },
        date: unixNow(),
        text,
      },
    });
    Object.assign(bubble, {
      status: delivery?.ok ? 'delivered' : delivery ? 'failed' : 'pending',
      deliveryId: delivery?.id,
    });
    return delivery;
  }

  /**
   * Sends any Update (photo, edited_message, callback_query…) to the bot's webhook; the
   * update_id is added. Without a webhook, it waits for getUpdates and null is answered.
   */
  async deliverUpdate(token: string, update: Params): Promise<Delivery | null> {
    const bot = this.bot(token);
    if (!bot) throw new Error('Unknown bot');
    const body = { update_id: bot.nextUpdateId++, ...update };
    const kind = Object.keys(update).find((key) => key !== 'update_id') ?? 'message';
    const webhook = bot.webhook;
    if (!webhook) {
      bot.pending.push(body);
      return null;
    }
    if (webhook.allowedUpdates.length > 0 && !webhook.allowedUpdates.includes(kind)) return null;
    return this.sender.send({
      provider: 'telegram',
      account: token,
      label: kind,
      url: webhook.url,
      headers: {
        'content-type': 'application/json',
        ...(webhook.secretToken ? { 'x-telegram-bot-api-secret-token': webhook.secretToken } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** The fake's HTTP face, mounted under /sandbox/telegram. */
  plugin = async (app: FastifyInstance) => {
    recordRequests(app, this.requests);
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const handler = async (
      request: { params: unknown; query: unknown; body: unknown },
      reply: FastifyReply,
    ) => {
      const { token, method } = request.params as { token: string; method: string };
      const params: Params = {
        ...(request.query as Params),
        ...(typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {}),
      };
      const fail = (code: number, description: string, parameters?: Params) =>
        reply
          .code(code)
          .send({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });
      const ok = (result: unknown, description?: string) =>
        reply.send({ ok: true, result, ...(description ? { description } : {}) });

      const bot = this.bot(token);
      if (!bot) return fail(401, 'Unauthorized');
      switch (method.toLowerCase()) {
        case 'getme':
          return ok({
            id: bot.id,
            is_bot: true,
            first_name: bot.firstName,
            username: bot.username,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          });
        case 'setwebhook': {
          const url = typeof params.url === 'string' ? params.url : '';
          const secret = params.secret_token === undefined ? null : String(params.secret_token);
          if (secret !== null && !SECRET_TOKEN.test(secret)) {
            return fail(400, 'Bad Request: secret token contains unallowed characters');
          }
          if (url === '') {
            bot.webhook = null;
            return ok(true, 'Webhook was deleted');
          }
          if (!/^https?:\/\//.test(url))
            return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
          const allowed =
            typeof params.allowed_updates === 'string'
              ? JSON.parse(params.allowed_updates)
              : params.allowed_updates;
          bot.webhook = {
            url,
            secretToken: secret,
            // Omitted: keep the previous setting, as Telegram does.
            allowedUpdates: Array.isArray(allowed)
              ? allowed.map(String)
              : (bot.webhook?.allowedUpdates ?? []),
            maxConnections: Number(params.max_connections ?? 40),
          };
          return ok(true, 'Webhook was set');
        }
        case 'deletewebhook':
          bot.webhook = null;
          if (params.drop_pending_updates === true || params.drop_pending_updates === 'true')
            bot.pending = [];
          return ok(true, 'Webhook was deleted');
        case 'getwebhookinfo': {
          const failed = this.sender.deliveries
            .filter((delivery) => delivery.account === token && !delivery.ok)
            .at(-1);
          const lastAttempt = failed?.attempts.at(-1);
          return ok({
            url: bot.webhook?.url ?? '',
            has_custom_certificate: false,
            pending_update_count: bot.pending.length,
            max_connections: bot.webhook?.maxConnections ?? 40,
            ...(bot.webhook?.allowedUpdates.length ? { allowed_updates: bot.webhook.allowedUpdates } : {}),
            ...(lastAttempt
              ? {
                  last_error_date: Math.floor(lastAttempt.at.getTime() / 1000),
                  last_error_message:
                    lastAttempt.error ?? `Wrong response from the webhook: ${lastAttempt.status}`,
                }
              : {}),
          });
        }
        case 'getupdates': {
          if (bot.webhook) {
            return fail(
              409,
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            );
          }
          const offset = Number(params.offset ?? 0);
          if (offset) bot.pending = bot.pending.filter((update) => Number(update.update_id) >= offset);
          return ok(bot.pending);
        }
        case 'sendmessage': {
          const failure = this.switches.take(token);
          if (failure?.kind === 'rate_limit') {
            const retryAfter = failure.retryAfter ?? 15;
            return fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
          }
          if (failure?.kind === 'server_error') return fail(failure.status ?? 502, 'Bad Gateway');
          if (failure?.kind === 'error_code') return fail(failure.code, `Error ${failure.code}`);
          if (failure?.kind === 'slow') await sleep(failure.ms);
          const chatId = params.chat_id === undefined ? '' : String(params.chat_id);
          const text = typeof params.text === 'string' ? params.text : '';
          if (!chatId) return fail(400, 'Bad Request: chat_id is empty');
          if (!/^-?\d+$/.test(chatId)) return fail(400, 'Bad Request: chat not found');
          if (text.trim() === '') return fail(400, 'Bad Request: message text is empty');
          if (text.length > TELEGRAM_LIMIT) return fail(400, 'Bad Request: message is too long');
          if (bot.blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
          const messageId = this.nextMessageId(bot, chatId);
          const date = unixNow();
          this.threads.get(token, chatId).messages.push({
            id: `${chatId}:${messageId}`,
            direction: 'out',
            text,
            at: new Date(),
            status: 'sent',
          });
          const numeric = Number(chatId);
          return ok({
            message_id: messageId,
            from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username },
            chat: { id: numeric, type: numeric < 0 ? 'group' : 'private' },
            date,
            text,
          });
        }
        default:
          return fail(404, 'Not Found');
      }
    };
    app.route({ method: ['GET', 'POST'], url: '/bot:token/:method', config: PUBLIC, handler });

    // Sandbox controls (no such thing at Telegram): for tests, the demo seed and the phone page.
    app.get('/_sandbox/bots', { config: PUBLIC }, async () =>
      [...this.bots.values()].map((bot) => ({
        token: bot.token,
        username: bot.username,
        first_name: bot.firstName,
        webhook_url: bot.webhook?.url ?? null,
      })),
    );
    app.post('/_sandbox/bots', { config: PUBLIC }, async (request) => {
      const body = (request.body ?? {}) as { username?: string; first_name?: string; token?: string };
      const bot = this.createBot({ username: body.username, firstName: body.first_name, token: body.token });
      return { token: bot.token, username: bot.username };
    });
    app.post('/_sandbox/fail-next', { config: PUBLIC }, async (request) => {
      const body = (request.body ?? {}) as { token?: string } & Params;
      this.switches.failNext(body as never, body.token ?? '*');
      return { ok: true };
    });
    app.post('/_sandbox/block', { config: PUBLIC }, async (request, reply) => {
      const body = (request.body ?? {}) as { token?: string; chat_id?: string | number; blocked?: boolean };
      if (!body.token || body.chat_id === undefined) return reply.code(400).send({ ok: false });
      this.block(body.token, body.chat_id, body.blocked ?? true);
      return { ok: true };
    });
    app.get('/_sandbox/requests', { config: PUBLIC }, async () => this.requests);
  };
}
