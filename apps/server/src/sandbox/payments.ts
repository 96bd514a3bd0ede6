import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { App } from '../http/app-type.ts';

/** Where the built-in fake Xendit is mounted in this server. */
export const SANDBOX_PREFIX = '/sandbox/xendit';
const CALLBACK_PATH = '/api/billings/callback/xendit';

/** This server's own address on loopback, once it listens (the sandbox and its callbacks use it). */
export function localOrigin(app: { server: { address(): AddressInfo | string | null } }) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  const host =
    address.address === '::' || address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

interface PaymentRequest {
  payment_request_id: string;
  reference_id: string;
  business_id: string;
  type: string;
  country: string;
  currency: string;
  request_amount: number;
  channel_code: string;
  channel_properties: Record<string, unknown>;
  description: string | null;
  metadata: Record<string, unknown>;
  actions: { type: string; descriptor: string; value: string }[];
  status: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'EXPIRED';
  created: string;
  updated: string;
}

interface Delivered {
  event: string;
  body: unknown;
  status: number | null;
  answer: string;
}

const BUSINESS_ID = '5f27a14a9bf05c73dd040bc8';

/** CRC-16/CCITT-FALSE, the checksum that closes an EMV (QRIS) payload. */
function crc16(payload: string) {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic QRIS payload in EMV tag-length-value form, with a valid checksum. */
function qrisString(amount: number, reference: string) {
  const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const merchant =
    tlv('00', 'ID.CO.QRIS.WWW') + tlv('01', '936008990000000001') + tlv('02', 'ID1020000000001');
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('51', merchant) +
    tlv('52', '4829') +
    tlv('53', '360') +
    tlv('54', String(amount)) +
    tlv('58', 'ID') +
    tlv('59', 'AI ADMIN SANDBOX') +
    tlv('60', 'JAKARTA') +
    tlv('62', tlv('05', reference.replace(/-/g, '').slice(0, 25)));
  return `${body}6304${crc16(`${body}6304`)}`;
}

const xenditError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ error_code: code, message, errors: [] });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The built-in fake Xendit: Payments API v3 on loopback (create, get, simulate), callbacks with
 * the x-callback-token to our own callback route, a payment page where a person pays or lets the
 * payment expire, and switches for tests (next call fails, recorded requests, replay a callback).
 * Its payments live in memory: a restart forgets them, as a sandbox may.
 */
export function paymentsSandbox(app: App, deps: Deps) {
  const requests = new Map<string, PaymentRequest>();
  const byIdempotencyKey = new Map<string, string>();
  const recorded: { method: string; url: string; headers: Record<string, unknown>; body: unknown }[] = [];
  const delivered: Delivered[] = [];
  let failNext: { status: number; code: string } | null = null;
  const { callbackToken } = deps.config.payments;
  const pageUrl = (id: string) => `${deps.config.publicUrl}${SANDBOX_PREFIX}/pay/${id}`;

  async function deliver(event: string, body: unknown): Promise<Delivered> {
    let result: Delivered;
    try {
      const response = await fetch(`${localOrigin(app)}${CALLBACK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-callback-token': callbackToken,
          'webhook-id': randomUUID(),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let answer = text;
      try {
        answer = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {}
      result = { event, body, status: response.status, answer };
    } catch (error) {
      result = { event, body, status: null, answer: (error as Error).message };
    }
    delivered.push(result);
    if (delivered.length > 200) delivered.shift();
    return result;
  }

  function pay(request: PaymentRequest, amount: number) {
    request.status = 'SUCCEEDED';
    request.updated = new Date().toISOString();
    return deliver('payment.capture', {
      event: 'payment.capture',
      business_id: BUSINESS_ID,
      created: request.updated,
      data: {
        payment_id: `py-${randomUUID()}`,
        payment_request_id: request.payment_request_id,
        reference_id: request.reference_id,
        status: 'SUCCEEDED',
        request_amount: amount,
        currency: request.currency,
        country: request.country,
        channel_code: request.channel_code,
        type: request.type,
        created: request.created,
        updated: request.updated,
      },
    });
  }

  function expire(request: PaymentRequest) {
    request.status = 'EXPIRED';
    request.updated = new Date().toISOString();
    return deliver('payment_request.expiry', {
      event: 'payment_request.expiry',
      business_id: BUSINESS_ID,
      created: request.updated,
      data: {
        payment_request_id: request.payment_request_id,
        reference_id: request.reference_id,
        status: 'EXPIRED',
        request_amount: request.request_amount,
        currency: request.currency,
        channel_code: request.channel_code,
        created: request.created,
        updated: request.updated,
      },
    });
  }

  /** Basic auth with a test-mode key, as Xendit's test mode wants. */
  function authorized(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const user = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0]
      : '';
    if (!user?.startsWith('xnd_development_')) {
      void xenditError(reply, 401, 'INVALID_API_KEY', 'API key is invalid');
      return false;
    }
    return true;
  }

  function found(id: string, reply: FastifyReply) {
    const request = requests.get(id);
    if (!request) void xenditError(reply, 404, 'DATA_NOT_FOUND', 'Payment request not found');
    return request;
  }

  void app.register(
    async (scope) => {
      // The payment page posts plain forms; nothing in them is read.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, _body, done) => done(null, {}),
      );
      scope.addHook('preHandler', async (request) => {
        if (request.url.startsWith(`${SANDBOX_PREFIX}/pay`) || request.url.includes('/_sandbox/')) return;
        recorded.push({
          method: request.method,
          url: request.url,
          headers: { ...request.headers },
          body: request.body ?? null,
        });
        if (recorded.length > 200) recorded.shift();
      });

      scope.post('/v3/payment_requests', async (request, reply) => {
        if (!authorized(request, reply)) return reply;
        if (failNext) {
          const { status, code } = failNext;
          failNext = null;
          if (status === 429) reply.header('Rate-Limit-Reset', '30');
          return xenditError(reply, status, code, `Sandbox failure switch: ${code}`);
        }
        if (!request.headers['api-version'])
          return xenditError(reply, 400, 'API_VALIDATION_ERROR', 'api-version header is required');
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          return reply.code(201).send(requests.get(byIdempotencyKey.get(key)!));
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        const amount = body.request_amount;
        const channel = typeof body.channel_code === 'string' ? body.channel_code : '';
        if (typeof body.reference_id !== 'string' || !body.reference_id)
          return xenditError(reply, 400, 'API_VALIDATION_ERROR', 'reference_id is required');
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
          return xenditError(reply, 400, 'API_VALIDATION_ERROR', 'request_amount must be a positive integer');
        if (body.currency !== 'IDR')
          return xenditError(reply, 400, 'API_VALIDATION_ERROR', 'currency must be IDR');
        if (channel !== 'QRIS' && !channel.endsWith('_VIRTUAL_ACCOUNT'))
          return xenditError(reply, 400, 'API_VALIDATION_ERROR', `channel_code ${channel} is not supported`);
        const id = `pr-${randomUUID()}`;
        const now = new Date().toISOString();
        const value =
          channel === 'QRIS'
            ? qrisString(amount, body.reference_id)
            : `8808${BigInt(`0x${randomBytes(6).toString('hex')}`)
                .toString()
                .padStart(12, '0')
                .slice(-12)}`;
        const created: PaymentRequest = {
          payment_request_id: id,
          reference_id: body.reference_id,
          business_id: BUSINESS_ID,
          type: typeof body.type === 'string' ? body.type : 'PAY',
          country: 'ID',
          currency: 'IDR',
          request_amount: amount,
          channel_code: channel,
          channel_properties: (body.channel_properties as Record<string, unknown>) ?? {},
          description: typeof body.description === 'string' ? body.description : null,
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          actions: [
            {
              type: 'PRESENT_TO_CUSTOMER',
              descriptor: channel === 'QRIS' ? 'QR_STRING' : 'VIRTUAL_ACCOUNT_NUMBER',
              value,
            },
            // Only the sandbox has a page to pay on; real virtual accounts are paid at the bank.
            { type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: pageUrl(id) },
          ],
          status: 'REQUIRES_ACTION',
          created: now,
          updated: now,
        };
        requests.set(id, created);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return reply.code(201).send(created);
      });

      scope.get<{ Params: { id: string } }>('/v3/payment_requests/:id', async (request, reply) => {
        if (!authorized(request, reply)) return reply;
        return found(request.params.id, reply) ?? reply;
      });

      scope.post<{ Params: { id: string } }>('/v3/payment_requests/:id/simulate', async (request, reply) => {
        if (!authorized(request, reply)) return reply;
        const payment = found(request.params.id, reply);
        if (!payment) return reply;
        const amount = (request.body as { amount?: unknown } | undefined)?.amount;
        const callback = await pay(payment, typeof amount === 'number' ? amount : payment.request_amount);
        return { status: payment.status, callback };
      });

      // Sandbox extras: make a payment request expire now; send the last callback again.
      scope.post<{ Params: { id: string } }>('/v3/payment_requests/:id/expire', async (request, reply) => {
        if (!authorized(request, reply)) return reply;
        const payment = found(request.params.id, reply);
        if (!payment) return reply;
        return { status: payment.status, callback: await expire(payment) };
      });

      scope.post('/_sandbox/replay-last-callback', async (_request, reply) => {
        const last = delivered.at(-1);
        if (!last) return xenditError(reply, 404, 'DATA_NOT_FOUND', 'No callback was sent yet');
        return { callback: await deliver(last.event, last.body) };
      });

      scope.post('/_sandbox/fail-next', async (request) => {
        const body = (request.body ?? {}) as { status?: number; error_code?: string };
        const status = typeof body.status === 'number' ? body.status : 500;
        failNext = {
          status,
          code:
            body.error_code ??
            (status === 429
              ? 'RATE_LIMIT_EXCEEDED'
              : status === 400
                ? 'API_VALIDATION_ERROR'
                : 'SERVER_ERROR'),
        };
        return { ok: true };
      });

      scope.get('/_sandbox/requests', async () => ({ requests: recorded, callbacks: delivered }));

      // The payment page a person uses in the demo.
      scope.get<{ Params: { id: string }; Querystring: { done?: string } }>(
        '/pay/:id',
        async (request, reply) => {
          const payment = requests.get(request.params.id);
          reply.type('text/html; charset=utf-8');
          if (!payment)
            return reply
              .code(404)
              .send(page('Payment not found', '<p>This sandbox forgot the payment (it restarted?).</p>'));
          const qris = payment.channel_code === 'QRIS';
          const code = payment.actions[0]?.value ?? '';
          const last = delivered
            .filter(
              (d) =>
                (d.body as { data?: { payment_request_id?: string } }).data?.payment_request_id ===
                payment.payment_request_id,
            )
            .at(-1);
          const open = payment.status === 'REQUIRES_ACTION';
          const html = `
<p class="amount">Rp ${payment.request_amount.toLocaleString('id-ID')}</p>
<p>${escapeHtml(payment.description ?? '')}</p>
<dl>
  <dt>${qris ? 'QRIS payload' : `Virtual account (${escapeHtml(payment.channel_code.replace('_VIRTUAL_ACCOUNT', ''))})`}</dt>
  <dd><code>${escapeHtml(code)}</code></dd>
  <dt>Status</dt><dd id="status">${payment.status}</dd>
</dl>
${last ? `<p id="callback">Callback ${escapeHtml(last.event)} answered ${last.status ?? 'no answer'}: ${escapeHtml(last.answer)}</p>` : ''}
${
  open
    ? `<form method="post" action="${SANDBOX_PREFIX}/pay/${payment.payment_request_id}/pay"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="${SANDBOX_PREFIX}/pay/${payment.payment_request_id}/expire"><button type="submit">Let it expire</button></form>`
    : `<p><a href="${escapeHtml(deps.config.publicUrl)}/client/billing">Back to billing</a></p>`
}`;
          return reply.send(page('Xendit sandbox payment', html));
        },
      );

      for (const action of ['pay', 'expire'] as const) {
        scope.post<{ Params: { id: string } }>(`/pay/:id/${action}`, async (request, reply) => {
          const payment = requests.get(request.params.id);
          if (!payment) return reply.code(404).type('text/html').send(page('Payment not found', ''));
          if (payment.status === 'REQUIRES_ACTION') {
            if (action === 'pay') await pay(payment, payment.request_amount);
            else await expire(payment);
          }
          return reply.redirect(`${SANDBOX_PREFIX}/pay/${payment.payment_request_id}`, 303);
        });
      }
    },
    { prefix: SANDBOX_PREFIX },
  );
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
.amount{font-size:2rem;font-weight:700}code{word-break:break-all;font-size:1.1rem}dt{color:#666;margin-top:.75rem}dd{margin:0}
form{display:inline-block;margin:1.5rem .75rem 0 0}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.4rem;border:1px solid #ccc;cursor:pointer}
.pay{background:#228be6;color:#fff;border-color:#228be6}.banner{background:#fff3bf;padding:.5rem .75rem;border-radius:.4rem}</style></head>
<body><p class="banner">Sandbox: no money moves. This page stands in for the customer's bank or e-wallet.</p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
