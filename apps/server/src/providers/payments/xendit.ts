import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsPort,
} from './port.ts';

export const XENDIT_API_VERSION = '2024-11-11';

export interface XenditOptions {
  /** e.g. https://api.xendit.co; a function so the built-in sandbox can be found once the server listens. */
  baseUrl: string | (() => string);
  secretKey: string;
  callbackToken: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Xendit through the Payments API v3 (`POST /v3/payment_requests`): fixed virtual accounts and
 * QRIS. Callbacks of v3 (`payment.capture`, `payment.failure`, `payment_request.expiry`) are read,
 * and so are the legacy Fixed VA paid callback and the `qr.payment` callback, so an account whose
 * webhooks still point at the legacy products keeps working.
 */
export function xenditPayments(options: XenditOptions): PaymentsPort {
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const expectedToken = digest(options.callbackToken);

  async function request(method: string, path: string, body: Json | undefined, headers: Json = {}) {
    let response: Response;
    try {
      response = await fetch(`${base()}${path}`, {
        method,
        headers: {
          authorization,
          'content-type': 'application/json',
          'api-version': XENDIT_API_VERSION,
          ...(headers as Record<string, string>),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(
        503,
        'UNREACHABLE',
        `Xendit is unreachable: ${(error as Error).message}`,
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error = isObject(parsed) ? parsed : {};
      const reset = num(response.headers.get('rate-limit-reset'));
      throw new PaymentProviderError(
        response.status,
        str(error.error_code) ?? 'HTTP_ERROR',
        str(error.message) ?? `Xendit answered ${response.status}`,
        reset ?? undefined,
      );
    }
    if (!isObject(parsed))
      throw new PaymentProviderError(502, 'BAD_RESPONSE', 'Xendit answered without JSON');
    return parsed;
  }

  return {
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const qris = input.method === 'QRIS';
      const expiresAt = input.expiresAt.toISOString();
      const created = await request(
        'POST',
        '/v3/payment_requests',
        {
          reference_id: input.reference,
          type: 'PAY',
          country: 'ID',
          currency: 'IDR',
          request_amount: input.amount,
          capture_method: 'AUTOMATIC',
          channel_code: qris ? 'QRIS' : `${input.channelCode}_VIRTUAL_ACCOUNT`,
          channel_properties: qris
            ? { expires_at: expiresAt }
            : { display_name: input.displayName.slice(0, 64), expires_at: expiresAt },
          description: input.description,
          metadata: input.metadata ?? {},
        },
        { 'idempotency-key': input.reference },
      );
      const actions = Array.isArray(created.actions) ? created.actions.filter(isObject) : [];
      const action = (descriptor: string) =>
        str(actions.find((candidate) => candidate.descriptor === descriptor)?.value);
      const providerRef = str(created.payment_request_id);
      if (!providerRef)
        throw new PaymentProviderError(502, 'BAD_RESPONSE', 'Xendit gave no payment_request_id');
      return {
        provider: 'xendit',
        providerRef,
        accountNumber: action('VIRTUAL_ACCOUNT_NUMBER'),
        qrString: action('QR_STRING'),
        paymentUrl: action('WEB_URL'),
      };
    },

    verifyCallback(headers) {
      const given = headers['x-callback-token'];
      const token = Array.isArray(given) ? given[0] : given;
      if (!token) return false;
      return timingSafeEqual(digest(token), expectedToken);
    },

    parseCallback(body: unknown): PaymentEvent {
      if (!isObject(body)) return { kind: 'ignored', reason: 'not a JSON object' };
      const event = str(body.event);
      const data = isObject(body.data) ? body.data : null;
      if (event && data) {
        const reference = str(data.reference_id);
        const providerRef = str(data.payment_request_id) ?? str(data.qr_id);
        if (!reference) return { kind: 'ignored', reason: 'no reference_id' };
        if (event === 'payment.capture' || event === 'qr.payment') {
          const status = str(data.status);
          if (status && status !== 'SUCCEEDED' && status !== 'COMPLETED')
            return { kind: 'ignored', reason: `status ${status}` };
          const paymentId = str(data.payment_id) ?? str(data.id);
          const amount = num(data.captured_amount) ?? num(data.request_amount) ?? num(data.amount);
          if (!paymentId || amount === null) return { kind: 'ignored', reason: 'no payment id or amount' };
          return { kind: 'paid', reference, providerRef, paymentId, amount };
        }
        if (event === 'payment_request.expiry' || event === 'payment.expiry')
          return { kind: 'expired', reference, providerRef };
        if (event === 'payment.failure')
          return {
            kind: 'failed',
            reference,
            providerRef,
            reason: str(data.failure_code) ?? 'payment failed',
          };
        return { kind: 'ignored', reason: `event ${event}` };
      }
      // Legacy Fixed VA paid callback: flat, no status; receiving it means paid.
      const externalId = str(body.external_id);
      const paymentId = str(body.payment_id);
      const amount = num(body.amount);
      if (externalId && paymentId && amount !== null && str(body.callback_virtual_account_id)) {
        return {
          kind: 'paid',
          reference: externalId,
          providerRef: str(body.callback_virtual_account_id),
          paymentId,
          amount,
        };
      }
      return { kind: 'ignored', reason: 'unknown callback shape' };
    },
  };
}
