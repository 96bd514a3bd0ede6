/** What billing needs from a payment provider: create a payment and read its callbacks. */
export interface CreatePaymentInput {
  /** Our reference, unique per invoice; also the idempotency key, so a retry never pays twice. */
  reference: string;
  amount: number;
  method: 'VIRTUAL_ACCOUNT' | 'QRIS';
  /** Bank code of a virtual account (BCA, BNI, ...); 'QRIS' for QRIS. */
  channelCode: string;
  /** Shown to the payer on a virtual account. */
  displayName: string;
  description: string;
  expiresAt: Date;
  metadata?: Record<string, string>;
}

export interface CreatedPayment {
  provider: string;
  providerRef: string;
  accountNumber: string | null;
  qrString: string | null;
  /** A page where the payment can be made, when the provider offers one. */
  paymentUrl: string | null;
}

/** A callback reduced to what billing acts on. */
export type PaymentEvent =
  | { kind: 'paid'; reference: string; providerRef: string | null; paymentId: string; amount: number }
  | { kind: 'expired'; reference: string; providerRef: string | null }
  | { kind: 'failed'; reference: string; providerRef: string | null; reason: string }
  | { kind: 'ignored'; reason: string };

export class PaymentProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface PaymentsPort {
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Constant-time check of the callback's shared token. */
  verifyCallback(headers: Record<string, string | string[] | undefined>): boolean;
  /** Reads a verified callback body; unknown shapes come back as 'ignored'. */
  parseCallback(body: unknown): PaymentEvent;
}
