import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Delivery,
  PUBLIC,
  type RecordedRequest,
  recordRequests,
  Switches,
  sleep,
  Threads,
  type Tick,
  Timers,
  unixNow,
  type WebhookSender,
} from './common.ts';

export interface CloudNumber {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Meta's per-number webhook override (`webhook_configuration.override_callback_uri`). */
  override: { url: string; verifyToken: string } | null;
}

export interface WhatsappCloudSandboxOptions {
  /** The platform operator's Meta app: the token our server must present, the secret we sign with. */
  accessToken: string;
  appSecret: string;
  /**
   * Where webhooks of a number go when it has no override (Meta: the app's callback URL). The
   * server can plug a lookup of the integration by phone_number_id here.
   */
  resolveWebhook?: (phoneNumberId: string) => string | null | Promise<string | null>;
  /** Send sent/delivered statuses after each accepted message (default true), this long apart. */
  autoStatuses?: boolean;
  statusDelayMs?: number;
}

export interface CloudCustomer {
  waId: string;
  name: string;
}

type Json = Record<string, unknown>;

/** Meta serialises webhooks with non-ASCII characters and slashes escaped (`\u00e9`, `\/`). */
export function metaJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const GRAPH_ERRORS: Record<number, { status: number; message: string; details: string }> = {
  190: { status: 401, message: 'Invalid OAuth access token - Cannot parse access token', details: '' },
  100: { status: 400, message: 'Invalid parameter', details: '' },
  130429: {
    status: 429,
    message: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  131056: {
    status: 400,
    message: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  131047: {
    status: 400,
    message: 'Re-engagement message',
    details: 'More than 24 hours have passed since the recipient last replied to the sender number.',
  },
  131026: { status: 400, message: 'Message undeliverable', details: 'Unable to deliver message.' },
  131000: { status: 500, message: 'Something went wrong', details: 'Unknown error.' },
};

/**
 * A fake WhatsApp Business Cloud API (Graph): phone numbers, `POST /{version}/{id}/messages`
 * behind the Bearer token, Graph error bodies, and webhooks signed with the app secret
 * (X-Hub-Signature-256) carrying customers' messages and the statuses of what we sent.
 * Any numeric phone_number_id exists (created on first use).
 */
export class WhatsappCloudSandbox {
  readonly numbers = new Map<string, CloudNumber>();
  readonly requests: RecordedRequest[] = [];
  readonly threads = new Threads();
  readonly switches = new Switches();
  /** `<phone_number_id>:<wa_id>` pairs whose 24-hour window is closed: sends fail with 131047. */
  readonly closedWindows = new Set<string>();
  /** wa_ids not on WhatsApp: sends are accepted, then a `failed` status (131026) follows. */
  readonly undeliverable = new Set<string>();
  readonly timers = new Timers();
  private sequence = randomInt(1_000_000);

  constructor(
    private readonly sender: WebhookSender,
    private readonly options: WhatsappCloudSandboxOptions,
  ) {}

  /** The number of an id, created on first use; null when the id is not a Graph id. */
  number(id: string): CloudNumber | null {
    const existing = this.numbers.get(id);
    if (existing) return existing;
    if (!/^\d{5,20}$/.test(id)) return null;
    const tail = id.slice(-7).padStart(7, '0');
    const number: CloudNumber = {
      id,
      wabaId: `1${id.slice(-14)}`,
      displayPhoneNumber: `+62 555-${tail.slice(0, 3)}-${tail.slice(3)}`,
      verifiedName: `Sandbox Business ${tail.slice(-4)}`,
      override: null,
    };
    this.numbers.set(id, number);
    return number;
  }

  /** Sets where a number's webhooks go, as Meta's override does (no handshake here). */
  setWebhook(phoneNumberId: string, url: string | null, verifyToken = '') {
    const number = this.number(phoneNumberId);
    if (!number) throw new Error('Not a phone_number_id');
    number.override = url ? { url, verifyToken } : null;
  }

  async webhookUrl(phoneNumberId: string) {
    const number = this.number(phoneNumberId);
    return number?.override?.url ?? (await this.options.resolveWebhook?.(phoneNumberId)) ?? null;
  }

  private wamid() {
    this.sequence += 1;
    return `wamid.${Buffer.concat([Buffer.from(`HBgN${this.sequence}`), randomBytes(12)]).toString('base64')}`;
  }

  private value(number: CloudNumber, part: Json) {
    return {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
        phone_number_id: number.id,
      },
      ...part,
    };
  }

  /** Wraps change values into the `whatsapp_business_account` envelope (one entry, one change each). */
  envelope(phoneNumberId: string, values: Json[]) {
    const number = this.number(phoneNumberId);
    if (!number) throw new Error('Not a phone_number_id');
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: number.wabaId,
          changes: values.map((value) => ({ field: 'messages', value: this.value(number, value) })),
        },
      ],
    };
  }

  /** Signs and POSTs any payload to the number's webhook; null when the sandbox knows no URL. */
  async deliverPayload(
    phoneNumberId: string,
    payload: unknown,
    label = 'messages',
  ): Promise<Delivery | null> {
    const url = await this.webhookUrl(phoneNumberId);
    if (!url) return null;
    const body = metaJson(payload);
    const bytes = Buffer.from(body, 'utf8');
    return this.sender.send({
      provider: 'whatsapp',
      account: phoneNumberId,
      label,
      url,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', this.options.appSecret).update(bytes).digest('hex')}`,
        'x-hub-signature': `sha1=${createHmac('sha1', this.options.appSecret).update(bytes).digest('hex')}`,
      },
      body,
    });
  }

  /** The customer writes: a signed `messages` webhook; the wamid is the bubble's id. */
  async customerMessage(phoneNumberId: string, customer: CloudCustomer, text: string) {
    const id = this.wamid();
    const thread = this.threads.get(phoneNumberId, customer.waId, customer.name);
    const bubble = { id, direction: 'in' as const, text, at: new Date(), status: 'pending' as Tick };
    thread.messages.push(bubble);
    this.closedWindows.delete(`${phoneNumberId}:${customer.waId}`);
    const payload = this.envelope(phoneNumberId, [
      {
        contacts: [{ profile: { name: customer.name }, wa_id: customer.waId }],
        messages: [
          { from: customer.waId, id, timestamp: String(unixNow()), type: 'text', text: { body: text } },
        ],
      },
    ]);
    const delivery = await this.deliverPayload(phoneNumberId, payload, 'message');
    bubble.status = delivery?.ok ? 'delivered' : delivery ? 'failed' : 'pending';
    return { id, delivery };
  }

  /** Status webhooks for messages we sent, in the order given (tests send them out of order). */
  async deliverStatuses(
    phoneNumberId: string,
    statuses: Array<{ id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; errorCode?: number }>,
  ) {
    const items = statuses.map((item) => {
      const found = this.threads.findMessage(phoneNumberId, item.id);
      const recipient = found?.thread.chat ?? '0';
      if (found) found.message.status = item.status;
      const error = item.errorCode ? (GRAPH_ERRORS[item.errorCode] ?? GRAPH_ERRORS[131000]!) : null;
      return {
        id: item.id,
        status: item.status,
        timestamp: String(unixNow()),
        recipient_id: recipient,
        ...(item.status === 'failed' || item.status === 'sent' || item.status === 'delivered'
          ? {
              pricing: {
                billable: false,
                pricing_model: 'PMP',
                category: 'service',
                type: 'free_customer_service',
              },
            }
          : {}),
        ...(error
          ? {
              errors: [
                {
                  code: item.errorCode,
                  title: error.message,
                  message: error.message,
                  error_data: { details: error.details },
                },
              ],
            }
          : {}),
      };
    });
    return this.deliverPayload(
      phoneNumberId,
      this.envelope(phoneNumberId, [{ statuses: items }]),
      `status:${statuses.map((item) => item.status).join(',')}`,
    );
  }

  /** The customer opened the chat: every message we sent them and they have not read becomes read. */
  async markRead(phoneNumberId: string, waId: string) {
    const thread = this.threads.find(phoneNumberId, waId);
    const unread = thread?.messages.filter(
      (message) => message.direction === 'out' && message.status !== 'read' && message.status !== 'failed',
    );
    if (!unread?.length) return null;
    return this.deliverStatuses(
      phoneNumberId,
      unread.map((message) => ({ id: message.id, status: 'read' as const })),
    );
  }

  private graphError(reply: FastifyReply, code: number, message?: string) {
    const known = GRAPH_ERRORS[code] ?? GRAPH_ERRORS[131000]!;
    const text = message ?? known.message;
    return reply.code(known.status).send({
      error: {
        message: `(#${code}) ${text}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: known.details || text },
        fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
      },
    });
  }

  private authorised(request: FastifyRequest) {
    return request.headers.authorization === `Bearer ${this.options.accessToken}`;
  }

  private async send(number: CloudNumber, body: Json, reply: FastifyReply) {
    const failure = this.switches.take(number.id);
    if (failure?.kind === 'rate_limit') {
      if (failure.retryAfter) reply.header('retry-after', String(failure.retryAfter));
      return this.graphError(reply, 130429);
    }
    if (failure?.kind === 'server_error')
      return reply
        .code(failure.status ?? 500)
        .send({ error: { message: 'Service temporarily unavailable', code: 2, type: 'OAuthException' } });
    if (failure?.kind === 'error_code') return this.graphError(reply, failure.code);
    if (failure?.kind === 'slow') await sleep(failure.ms);

    if (body.messaging_product !== 'whatsapp') {
      return this.graphError(reply, 100, 'The parameter messaging_product is required.');
    }
    // Marking a customer's message read: same endpoint, no new message.
    if (body.status === 'read' && typeof body.message_id === 'string') {
      const found = this.threads.findMessage(number.id, body.message_id);
      if (found) found.message.status = 'read';
      return { success: true };
    }
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (!/^\d{6,20}$/.test(to)) return this.graphError(reply, 100, 'Invalid parameter: to');
    const type = typeof body.type === 'string' ? body.type : 'text';
    let text: string;
    if (type === 'text') {
      const content =
        typeof body.text === 'object' && body.text !== null ? (body.text as Json).body : undefined;
      if (typeof content !== 'string' || content === '') {
        return this.graphError(reply, 100, "The parameter text['body'] is required.");
      }
      if (content.length > 4096) {
        return this.graphError(reply, 100, "Param text['body'] must be at most 4096 characters long.");
      }
      text = content;
    } else if (type === 'template') {
      const template = (body.template ?? {}) as Json;
      if (typeof template.name !== 'string')
        return this.graphError(reply, 100, 'The parameter template[name] is required.');
      text = `[template ${template.name}]`;
    } else {
      text = `[${type}]`;
    }
    const id = this.wamid();
    const thread = this.threads.get(number.id, to);
    thread.messages.push({ id, direction: 'out', text, at: new Date(), status: 'pending' });

    const closed = type !== 'template' && this.closedWindows.has(`${number.id}:${to}`);
    if (this.options.autoStatuses !== false || closed || this.undeliverable.has(to)) {
      const step = this.options.statusDelayMs ?? 50;
      if (closed || this.undeliverable.has(to)) {
        this.timers.later(step, () =>
          this.deliverStatuses(number.id, [{ id, status: 'failed', errorCode: closed ? 131047 : 131026 }]),
        );
      } else {
        this.timers.later(step, async () => {
          await this.deliverStatuses(number.id, [{ id, status: 'sent' }]);
          await sleep(step);
          const message = this.threads.findMessage(number.id, id)?.message;
          // The customer may already have read it (the phone page was open): never go back.
          if (message && message.status === 'sent')
            await this.deliverStatuses(number.id, [{ id, status: 'delivered' }]);
        });
      }
    }
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id, message_status: 'accepted' }],
    };
  }

  /** The fake's HTTP face, mounted under /sandbox/whatsapp. */
  plugin = async (app: FastifyInstance) => {
    recordRequests(app, this.requests);

    // Sandbox controls first (static paths win over the Graph's `/:version/:id`).
    app.get('/_sandbox/numbers', { config: PUBLIC }, async () =>
      [...this.numbers.values()].map((number) => ({
        phone_number_id: number.id,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
        webhook_url: number.override?.url ?? null,
      })),
    );
    // Registers a number's webhook without Meta's handshake (the demo seed, tests).
    app.post('/_sandbox/numbers', { config: PUBLIC }, async (request, reply) => {
      const body = (request.body ?? {}) as {
        phone_number_id?: string;
        webhook_url?: string | null;
        verify_token?: string;
      };
      if (!body.phone_number_id || !this.number(body.phone_number_id))
        return reply.code(400).send({ ok: false });
      if (body.webhook_url !== undefined)
        this.setWebhook(body.phone_number_id, body.webhook_url, body.verify_token);
      return { ok: true };
    });
    app.post('/_sandbox/fail-next', { config: PUBLIC }, async (request) => {
      const body = (request.body ?? {}) as { phone_number_id?: string } & Json;
      this.switches.failNext(body as never, body.phone_number_id ?? '*');
      return { ok: true };
    });
    app.post('/_sandbox/window', { config: PUBLIC }, async (request) => {
      const body = (request.body ?? {}) as { phone_number_id: string; wa_id: string; open: boolean };
      const key = `${body.phone_number_id}:${body.wa_id}`;
      if (body.open) this.closedWindows.delete(key);
      else this.closedWindows.add(key);
      return { ok: true };
    });
    app.get('/_sandbox/requests', { config: PUBLIC }, async () => this.requests);

    const guard = (request: FastifyRequest, reply: FastifyReply) => {
      if (!this.authorised(request)) return this.graphError(reply, 190);
      const { id } = request.params as { version: string; id: string };
      const number = this.number(id);
      if (!number) {
        return this.graphError(
          reply,
          100,
          `Unsupported request - method type: ${request.method.toLowerCase()}. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        );
      }
      return number;
    };

    app.get('/:version/:id', { config: PUBLIC }, async (request, reply) => {
      const number = guard(request, reply);
      if (!('id' in number)) return number;
      return {
        id: number.id,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
        quality_rating: 'GREEN',
        code_verification_status: 'VERIFIED',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        webhook_configuration: number.override ? { phone_number: number.override.url } : {},
      };
    });

    // Meta's webhook override: verified by a GET handshake against the new URL before it is kept.
    app.post('/:version/:id', { config: PUBLIC }, async (request, reply) => {
      const number = guard(request, reply);
      if (!('id' in number)) return number;
      const body = (request.body ?? {}) as {
        webhook_configuration?: { override_callback_uri?: string; verify_token?: string };
      };
      const configuration = body.webhook_configuration;
      if (!configuration)
        return this.graphError(reply, 100, 'The parameter webhook_configuration is required.');
      const url = configuration.override_callback_uri ?? '';
      if (url === '') {
        number.override = null;
        return { success: true };
      }
      const challenge = String(randomInt(1_000_000_000));
      const check = new URL(url);
      check.searchParams.set('hub.mode', 'subscribe');
      check.searchParams.set('hub.challenge', challenge);
      check.searchParams.set('hub.verify_token', configuration.verify_token ?? '');
      const answer = await this.sender.get(check.toString());
      if (answer.status !== 200 || answer.body !== challenge) {
        return reply.code(400).send({
          error: {
            message: `(#2200) Callback verification failed with the following errors: HTTP Status Code = ${answer.status ?? 'none'}; HTTP Message = ${answer.error ?? 'The challenge was not echoed'}`,
            type: 'OAuthException',
            code: 2200,
            fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
          },
        });
      }
      number.override = { url, verifyToken: configuration.verify_token ?? '' };
      return { success: true };
    });

    app.post('/:version/:id/messages', { config: PUBLIC }, async (request, reply) => {
      const number = guard(request, reply);
      if (!('id' in number)) return number;
      return this.send(number, (request.body ?? {}) as Json, reply);
    });
  };
}
