import type { FastifyInstance } from 'fastify';

/** Every sandbox route is public: it stands in for a provider on the internet. */
export const PUBLIC = { access: { public: true } } as const;

/** How the sandbox reaches this very server without the network (see WebhookSender). */
export type Inject = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; body: string }>;

export interface Attempt {
  at: Date;
  status: number | null;
  error?: string;
  /** The first characters of the answer, for tests and the phone page. */
  answer?: string;
}

/** One webhook request the sandbox made (or tried to), kept so it can be shown and redelivered. */
export interface Delivery {
  id: number;
  provider: 'telegram' | 'whatsapp' | 'waha';
  account: string;
  /** What it carried: `message`, `status:read`, `session.status`… */
  label: string;
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent (UTF-8), so a redelivery is byte-for-byte the same request. */
  body: string;
  attempts: Attempt[];
  ok: boolean;
}

export interface SenderOptions {
  /** Requests to this origin (this server's PUBLIC_URL) go through `inject`, not the network. */
  local?: { origin: string; inject: Inject };
  timeoutMs?: number;
  keep?: number;
}

/**
 * Sends webhooks the way a provider does: POST with the provider's headers, the exact bytes
 * given, in order per account (a status never overtakes the message it is about), and keeps a
 * record of each delivery so that it can be redelivered unchanged.
 */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private nextId = 1;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: SenderOptions = {}) {}

  send(input: Omit<Delivery, 'id' | 'attempts' | 'ok'>): Promise<Delivery> {
    const delivery: Delivery = { ...input, id: this.nextId++, attempts: [], ok: false };
    this.deliveries.push(delivery);
    const keep = this.options.keep ?? 1000;
    if (this.deliveries.length > keep) this.deliveries.splice(0, this.deliveries.length - keep);
    return this.enqueue(delivery);
  }

  /** Sends a recorded delivery again: same URL, headers (request id, signature) and body. */
  redeliver(id: number): Promise<Delivery> {
    const delivery = this.deliveries.find((candidate) => candidate.id === id);
    if (!delivery) return Promise.reject(new Error(`No delivery ${id}`));
    return this.enqueue(delivery);
  }

  find(id: number) {
    return this.deliveries.find((candidate) => candidate.id === id);
  }

  /** Waits until everything queued so far has been attempted. */
  async idle() {
    await Promise.allSettled([...this.queues.values()]);
  }

  /** A GET (the Cloud API's verify handshake) through the same transport. */
  async get(url: string): Promise<{ status: number | null; body: string; error?: string }> {
    return this.transport('GET', url, {}, undefined);
  }

  private enqueue(delivery: Delivery) {
    const key = `${delivery.provider}\u0000${delivery.account}`;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.attempt(delivery));
    this.queues.set(key, next);
    void next.finally(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
    return next;
  }

  private async attempt(delivery: Delivery) {
    const result = await this.transport('POST', delivery.url, delivery.headers, delivery.body);
    delivery.attempts.push({
      at: new Date(),
      status: result.status,
      answer: result.body.slice(0, 300),
      ...(result.error ? { error: result.error } : {}),
    });
    delivery.ok = result.status !== null && result.status >= 200 && result.status < 300;
    return delivery;
  }

  private async transport(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<{ status: number | null; body: string; error?: string }> {
    try {
      const target = new URL(url);
      const local = this.options.local;
      if (local && target.origin === local.origin) {
        const answer = await local.inject({
          method,
          url: `${target.pathname}${target.search}`,
          headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        return { status: answer.statusCode, body: answer.body };
      }
      const response = await fetch(target, {
        method,
        headers,
        body: body === undefined ? undefined : Buffer.from(body, 'utf8'),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: null, body: '', error: (error as Error).message };
    }
  }
}

export type Tick = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

/** One bubble of a customer's conversation as the customer's phone sees it. */
export interface ThreadMessage {
  id: string;
  direction: 'in' | 'out';
  text: string;
  at: Date;
  /** For `out` (the business's messages): the delivery tick. For `in`: whether our server took it. */
  status: Tick;
  deliveryId?: number;
}

export interface Thread {
  account: string;
  chat: string;
  name: string;
  messages: ThreadMessage[];
}

/** The conversations of one fake: per account, per customer chat. */
export class Threads {
  private readonly map = new Map<string, Thread>();

  get(account: string, chat: string, name?: string): Thread {
    const key = `${account}\u0000${chat}`;
    let thread = this.map.get(key);
    if (!thread) {
      thread = { account, chat, name: name ?? chat, messages: [] };
      this.map.set(key, thread);
    } else if (name) {
      thread.name = name;
    }
    return thread;
  }

  find(account: string, chat: string) {
    return this.map.get(`${account}\u0000${chat}`);
  }

  of(account: string) {
    return [...this.map.values()].filter((thread) => thread.account === account);
  }

  /** Every message our server sent from one account, oldest first. */
  sent(account: string) {
    return this.of(account)
      .flatMap((thread) => thread.messages.filter((message) => message.direction === 'out'))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  findMessage(account: string, id: string) {
    for (const thread of this.of(account)) {
      const message = thread.messages.find((candidate) => candidate.id === id);
      if (message) return { thread, message };
    }
    return null;
  }
}

/** A request a fake received, for tests to assert on. */
export interface RecordedRequest {
  at: Date;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Records every request of a fake's plugin (last `keep`). */
export function recordRequests(app: FastifyInstance, into: RecordedRequest[], keep = 1000) {
  app.addHook('preHandler', async (request) => {
    into.push({
      at: new Date(),
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      body: request.body,
    });
    if (into.length > keep) into.splice(0, into.length - keep);
  });
}

/** A one-shot failure the next matching call of a fake answers with. */
export type Failure =
  | { kind: 'rate_limit'; retryAfter?: number }
  | { kind: 'server_error'; status?: number }
  | { kind: 'slow'; ms: number }
  | { kind: 'error_code'; code: number };

/** Failure switches: queued per account (or for any account with `*`), used once each. */
export class Switches {
  private readonly queue: Array<{ account: string; failure: Failure }> = [];

  failNext(failure: Failure, account = '*') {
    this.queue.push({ account, failure });
  }

  take(account: string): Failure | undefined {
    const index = this.queue.findIndex((item) => item.account === account || item.account === '*');
    if (index < 0) return undefined;
    return this.queue.splice(index, 1)[0]!.failure;
  }

  clear() {
    this.queue.length = 0;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Unix seconds now. */
export const unixNow = () => Math.floor(Date.now() / 1000);

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Timers a fake sets (automatic statuses, session start-up), all cleared when the server closes. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  later(ms: number, run: () => unknown) {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      void Promise.resolve()
        .then(run)
        .catch(() => {});
    }, ms);
    timer.unref();
    this.pending.add(timer);
  }

  clear() {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
