import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
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

export type SessionStatus = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED';

interface WebhookConfig {
  url: string;
  events?: string[];
  hmac?: { key?: string | null } | null;
  customHeaders?: Array<{ name: string; value: string }> | null;
}

export interface WahaSession {
  name: string;
  status: SessionStatus;
  config: { webhooks?: WebhookConfig[]; metadata?: Record<string, string> } & Record<string, unknown>;
  /** The device was paired once: a restart goes straight to WORKING, until a logout. */
  paired: boolean;
  me: { id: string; pushName: string } | null;
  /** What the QR code encodes; changes at every start, as WhatsApp's does. */
  qr: string;
}

export interface WahaSandboxOptions {
  apiKey: string;
  /** STARTING lasts this long before SCAN_QR_CODE (or WORKING for a paired device). */
  startDelayMs?: number;
  /** Send message.ack SERVER then DEVICE after each send (default true), this long apart. */
  autoAcks?: boolean;
  ackDelayMs?: number;
}

const ACK_NAMES: Record<number, string> = {
  [-1]: 'ERROR',
  0: 'PENDING',
  1: 'SERVER',
  2: 'DEVICE',
  3: 'READ',
  4: 'PLAYED',
};
const CHAT_ID = /^[\w.+-]+@(c\.us|g\.us)$/;

// --- A QR-looking PNG, drawn without a library: finder squares plus modules from a hash. ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grayscale PNG that looks like a QR code of `value` (the three finder squares, the rest from
 * a hash). It is a picture for the pairing page, not a scannable code: pairing in the sandbox is
 * the "Pair this device" button.
 */
export function qrPng(value: string, scale = 6): Buffer {
  const size = 29;
  const quiet = 4;
  const bits: boolean[] = [];
  let seed = createHash('sha256').update(value).digest();
  while (bits.length < size * size) {
    for (const byte of seed) for (let bit = 0; bit < 8; bit++) bits.push(((byte >> bit) & 1) === 1);
    seed = createHash('sha256').update(seed).digest();
  }
  const finder = (x: number, y: number) => {
    for (const [fx, fy] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      const dx = x - fx;
      const dy = y - fy;
      if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
        if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false;
        const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
        return ring !== 1;
      }
    }
    return null;
  };
  const dark = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return false;
    return finder(x, y) ?? bits[y * size + x]!;
  };
  const pixels = (size + quiet * 2) * scale;
  const rows: Buffer[] = [];
  for (let py = 0; py < pixels; py++) {
    const row = Buffer.alloc(pixels + 1);
    for (let px = 0; px < pixels; px++) {
      row[px + 1] = dark(Math.floor(px / scale) - quiet, Math.floor(py / scale) - quiet) ? 0 : 255;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const newQr = () =>
  `2@${randomBytes(48).toString('base64')},${randomBytes(32).toString('base64')},${randomBytes(32).toString('base64')},${randomBytes(16).toString('base64')}`;

/** A stable, plausible WhatsApp number for a session name. */
const phoneOf = (name: string) =>
  `62855${(createHash('sha256').update(name).digest().readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;

/**
 * A fake WAHA (WhatsApp HTTP API) gateway: sessions with the STARTING → SCAN_QR_CODE → WORKING
 * state machine, the QR code in its three formats, sendText, all behind X-Api-Key, and webhooks
 * to each session's configured URLs signed with HMAC-SHA512 (X-Webhook-Hmac).
 */
export class WahaSandbox {
  readonly sessions = new Map<string, WahaSession>();
  readonly requests: RecordedRequest[] = [];
  readonly threads = new Threads();
  readonly switches = new Switches();
  readonly timers = new Timers();

  constructor(
    private readonly sender: WebhookSender,
    private readonly options: WahaSandboxOptions,
  ) {}

  private present(session: WahaSession) {
    return {
      name: session.name,
      status: session.status,
      config: session.config,
      me: session.status === 'WORKING' ? session.me : null,
      engine: { engine: 'WEBJS' },
    };
  }

  private setStatus(session: WahaSession, status: SessionStatus) {
    session.status = status;
    void this.emit(session, 'session.status', { name: session.name, status });
  }

  /** Starts a session: STARTING, then SCAN_QR_CODE (or WORKING when it was paired before). */
  start(name: string) {
    const session = this.sessions.get(name);
    if (!session) throw new Error(`No session ${name}`);
    if (session.status !== 'STOPPED' && session.status !== 'FAILED') return session;
    session.qr = newQr();
    this.setStatus(session, 'STARTING');
    this.timers.later(this.options.startDelayMs ?? 300, () => {
      if (session.status === 'STARTING') this.setStatus(session, session.paired ? 'WORKING' : 'SCAN_QR_CODE');
    });
    return session;
  }

  stop(name: string) {
    const session = this.sessions.get(name);
    if (session && session.status !== 'STOPPED') this.setStatus(session, 'STOPPED');
    return session;
  }

  /** The "pair now" hook: as if the phone scanned the QR code. False unless the session waits for it. */
  pair(name: string, pushName?: string) {
    const session = this.sessions.get(name);
    if (!session || (session.status !== 'SCAN_QR_CODE' && session.status !== 'STARTING')) return false;
    session.paired = true;
    session.me = { id: `${phoneOf(name)}@c.us`, pushName: pushName ?? `Sandbox ${name}` };
    this.setStatus(session, 'WORKING');
    return true;
  }

  /** Failure switch: the session breaks (WhatsApp logged the device out, the browser crashed). */
  fail(name: string) {
    const session = this.sessions.get(name);
    if (session) this.setStatus(session, 'FAILED');
    return session;
  }

  logout(name: string) {
    const session = this.sessions.get(name);
    if (!session) return undefined;
    session.paired = false;
    session.me = null;
    const running = session.status !== 'STOPPED';
    session.status = 'STOPPED';
    if (running) this.start(name);
    return session;
  }

  /** Sends an event to every webhook of the session that wants it; one delivery per webhook. */
  async emit(session: WahaSession, event: string, payload: unknown): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const webhook of session.config.webhooks ?? []) {
      const events = webhook.events ?? ['*'];
      if (!events.includes(event) && !events.includes('*')) continue;
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        timestamp: Date.now(),
        event,
        session: session.name,
        metadata: session.config.metadata ?? {},
        me: session.me,
        engine: 'WEBJS',
        environment: { version: '2025.1.1', engine: 'WEBJS', tier: 'CORE', browser: null },
        payload,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-webhook-request-id': `req_${randomBytes(12).toString('hex')}`,
        'x-webhook-timestamp': String(Date.now()),
      };
      const key = webhook.hmac?.key;
      if (key) {
        headers['x-webhook-hmac'] = createHmac('sha512', key).update(Buffer.from(body, 'utf8')).digest('hex');
        headers['x-webhook-hmac-algorithm'] = 'sha512';
      }
      for (const header of webhook.customHeaders ?? []) headers[header.name.toLowerCase()] = header.value;
      deliveries.push(
        await this.sender.send({
          provider: 'waha',
          account: session.name,
          label: event,
          url: webhook.url,
          headers,
          body,
        }),
      );
    }
    return deliveries;
  }

  /** The customer writes to the paired device: a `message` event. */
  async customerMessage(name: string, customer: { phone: string; name: string }, text: string) {
    const session = this.sessions.get(name);
    if (session?.status !== 'WORKING' || !session.me) throw new Error(`Session ${name} is not WORKING`);
    const chatId = `${customer.phone.replace(/\D/g, '')}@c.us`;
    const id = `false_${chatId}_3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
    const bubble = { id, direction: 'in' as const, text, at: new Date(), status: 'pending' as Tick };
    this.threads.get(name, chatId, customer.name).messages.push(bubble);
    const deliveries = await this.emit(session, 'message', {
      id,
      timestamp: unixNow(),
      from: chatId,
      fromMe: false,
      source: 'app',
      to: session.me.id,
      body: text,
      hasMedia: false,
      ack: 1,
      ackName: 'SERVER',
      _data: { notifyName: customer.name },
    });
    bubble.status = deliveries.some((delivery) => delivery.ok)
      ? 'delivered'
      : deliveries.length
        ? 'failed'
        : 'pending';
    return { id, deliveries };
  }

  /** message.ack for messages we sent (ack 1 SERVER, 2 DEVICE, 3 READ, -1 ERROR). */
  async ack(name: string, messageId: string, ack: number) {
    const session = this.sessions.get(name);
    const found = this.threads.findMessage(name, messageId);
    if (!session || !found) return [];
    const status: Tick = ack === -1 ? 'failed' : ack >= 3 ? 'read' : ack === 2 ? 'delivered' : 'sent';
    found.message.status = status;
    return this.emit(session, 'message.ack', {
      id: messageId,
      from: session.me?.id ?? null,
      to: found.thread.chat,
      fromMe: true,
      participant: null,
      ack,
      ackName: ACK_NAMES[ack] ?? 'UNKNOWN',
      timestamp: unixNow(),
    });
  }

  /** The customer opened the chat: our unread messages become READ. */
  async markRead(name: string, chatId: string) {
    const thread = this.threads.find(name, chatId);
    const unread =
      thread?.messages.filter((m) => m.direction === 'out' && m.status !== 'read' && m.status !== 'failed') ??
      [];
    for (const message of unread) await this.ack(name, message.id, 3);
    return unread.length;
  }

  private unauthorised(request: FastifyRequest) {
    return request.headers['x-api-key'] !== this.options.apiKey;
  }

  private sendText(body: Record<string, unknown>, reply: FastifyReply) {
    const name = typeof body.session === 'string' ? body.session : 'default';
    const session = this.sessions.get(name);
    if (!session)
      return reply.code(404).send({ statusCode: 404, message: `Session "${name}" does not exist` });
    if (session.status !== 'WORKING' || !session.me) {
      return reply.code(422).send({
        statusCode: 422,
        message: 'Session status is not as expected. Try again later or restart the session',
        session: name,
        status: session.status,
        expected: ['WORKING'],
      });
    }
    const chatId = typeof body.chatId === 'string' ? body.chatId : '';
    if (!CHAT_ID.test(chatId))
      return reply.code(400).send({ statusCode: 400, message: 'chatId must end with @c.us or @g.us' });
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text) return reply.code(400).send({ statusCode: 400, message: 'text should not be empty' });
    const hex = `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
    const id = `true_${chatId}_${hex}`;
    this.threads
      .get(name, chatId)
      .messages.push({ id, direction: 'out', text, at: new Date(), status: 'sent' });
    if (this.options.autoAcks !== false) {
      const step = this.options.ackDelayMs ?? 50;
      this.timers.later(step, async () => {
        await this.ack(name, id, 1);
        await sleep(step);
        const message = this.threads.findMessage(name, id)?.message;
        if (message?.status === 'sent') await this.ack(name, id, 2);
      });
    }
    return {
      id: { fromMe: true, remote: chatId, id: hex, _serialized: id },
      ack: 0,
      hasMedia: false,
      body: text,
      type: 'chat',
      timestamp: unixNow(),
      from: session.me.id,
      to: chatId,
      fromMe: true,
    };
  }

  /** The fake's HTTP face, mounted under /sandbox/waha. */
  plugin = async (app: FastifyInstance) => {
    recordRequests(app, this.requests);
    app.addHook('onRequest', async (request, reply) => {
      // Only the gateway's own API wants the key; the sandbox controls stand for the phone.
      if (request.routeOptions.url?.includes('/api/') && this.unauthorised(request)) {
        return reply.code(401).send({ message: 'Unauthorized', statusCode: 401 });
      }
    });
    const failure = async (reply: FastifyReply, account: string) => {
      const fail = this.switches.take(account);
      if (fail?.kind === 'rate_limit') {
        reply.header('retry-after', String(fail.retryAfter ?? 5));
        return reply.code(429).send({ statusCode: 429, message: 'Too Many Requests' });
      }
      if (fail?.kind === 'server_error')
        return reply.code(fail.status ?? 500).send({ statusCode: 500, message: 'Internal server error' });
      if (fail?.kind === 'error_code')
        return reply.code(fail.code).send({ statusCode: fail.code, message: `Error ${fail.code}` });
      if (fail?.kind === 'slow') await sleep(fail.ms);
      return null;
    };
    const named = (request: FastifyRequest, reply: FastifyReply) => {
      const { name } = request.params as { name: string };
      const session = this.sessions.get(name);
      if (!session) reply.code(404).send({ statusCode: 404, message: `Session "${name}" does not exist` });
      return session;
    };

    app.get('/api/sessions', { config: PUBLIC }, async () =>
      [...this.sessions.values()].map((s) => this.present(s)),
    );
    app.post('/api/sessions', { config: PUBLIC }, async (request, reply) => {
      const failed = await failure(reply, '*');
      if (failed) return failed;
      const body = (request.body ?? {}) as { name?: string; start?: boolean; config?: WahaSession['config'] };
      const name = body.name || 'default';
      if (!/^[\w.-]{1,64}$/.test(name))
        return reply.code(400).send({ statusCode: 400, message: 'Invalid session name' });
      if (this.sessions.has(name)) {
        return reply
          .code(422)
          .send({ statusCode: 422, message: `Session '${name}' already exists. Use PUT to update it.` });
      }
      const session: WahaSession = {
        name,
        status: 'STOPPED',
        config: body.config ?? {},
        paired: false,
        me: null,
        qr: newQr(),
      };
      this.sessions.set(name, session);
      if (body.start !== false) this.start(name);
      return reply.code(201).send(this.present(session));
    });
    app.get('/api/sessions/:name', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      return session ? this.present(session) : reply;
    });
    app.put('/api/sessions/:name', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      const body = (request.body ?? {}) as { config?: WahaSession['config'] };
      session.config = body.config ?? session.config;
      // WAHA restarts a running session to apply a new config.
      if (session.status !== 'STOPPED' && session.status !== 'FAILED') {
        session.status = 'STOPPED';
        this.start(session.name);
      }
      return this.present(session);
    });
    app.delete('/api/sessions/:name', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      this.stop(session.name);
      this.sessions.delete(session.name);
      return reply.code(200).send({});
    });
    for (const action of ['start', 'stop', 'restart', 'logout'] as const) {
      app.post(`/api/sessions/:name/${action}`, { config: PUBLIC }, async (request, reply) => {
        const session = named(request, reply);
        if (!session) return reply;
        if (action === 'start') this.start(session.name);
        if (action === 'stop') this.stop(session.name);
        if (action === 'restart') {
          session.status = 'STOPPED';
          this.start(session.name);
        }
        if (action === 'logout') this.logout(session.name);
        return this.present(session);
      });
    }
    app.get('/api/sessions/:name/me', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      return session.status === 'WORKING' ? session.me : null;
    });
    app.get('/api/:name/auth/qr', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      if (session.status !== 'SCAN_QR_CODE') {
        return reply.code(422).send({
          statusCode: 422,
          message: 'Can get QR code only in SCAN_QR_CODE status',
          status: session.status,
          expected: ['SCAN_QR_CODE'],
        });
      }
      const { format } = request.query as { format?: string };
      if (format === 'raw') return { value: session.qr };
      const png = qrPng(session.qr);
      if ((request.headers.accept ?? '').includes('application/json')) {
        return { mimetype: 'image/png', data: png.toString('base64') };
      }
      return reply.type('image/png').send(png);
    });
    app.post('/api/:name/auth/request-code', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      const digits = randomBytes(4).toString('hex').toUpperCase();
      return { code: `${digits.slice(0, 4)}-${digits.slice(4)}` };
    });
    app.post('/api/sendText', { config: PUBLIC }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const failed = await failure(reply, typeof body.session === 'string' ? body.session : '*');
      if (failed) return failed;
      return this.sendText(body, reply);
    });

    // Sandbox controls, no API key: the "phone" that scans the QR code, tests, the demo seed.
    app.get('/_sandbox/sessions', { config: PUBLIC }, async () =>
      [...this.sessions.values()].map((s) => ({ name: s.name, status: s.status, me: s.me })),
    );
    app.get('/_sandbox/sessions/:name', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      return session ? { name: session.name, status: session.status, me: session.me } : reply;
    });
    app.get('/_sandbox/sessions/:name/qr.png', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      if (session.status !== 'SCAN_QR_CODE') return reply.code(409).send({ status: session.status });
      return reply.header('cache-control', 'no-store').type('image/png').send(qrPng(session.qr));
    });
    app.post('/_sandbox/sessions/:name/pair', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      const paired = this.pair(session.name);
      return reply.code(paired ? 200 : 409).send({ paired, status: session.status });
    });
    app.post('/_sandbox/sessions/:name/fail', { config: PUBLIC }, async (request, reply) => {
      const session = named(request, reply);
      if (!session) return reply;
      this.fail(session.name);
      return { status: session.status };
    });
    app.post('/_sandbox/fail-next', { config: PUBLIC }, async (request) => {
      const body = (request.body ?? {}) as { session?: string } & Record<string, unknown>;
      this.switches.failNext(body as never, body.session ?? '*');
      return { ok: true };
    });
    app.get('/_sandbox/requests', { config: PUBLIC }, async () => this.requests);
  };
}
