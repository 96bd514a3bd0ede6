/**
 * The messaging-channel port: one interface, three real adapters (Telegram Bot API, WhatsApp
 * Cloud API, WAHA WhatsApp Web gateway). Adapters speak HTTP to a configurable base URL, so the
 * built-in sandbox stands in for the providers in tests and in the demo.
 */

export type ChannelKind = 'telegram' | 'whatsapp_cloud' | 'whatsapp_web';

/** What an adapter needs to know about one integration. Secrets arrive decrypted. */
export interface ChannelIntegration {
  id: number;
  externalId: string;
  companyId: number;
  kind: ChannelKind;
  /** The spec's AccountID: Telegram bot token, Cloud API phone_number_id, WAHA session (device) name. */
  accountId: string;
  /** Per-integration secret we generated: Telegram secret_token, WAHA HMAC key. */
  webhookSecret: string;
  /** Where the provider must deliver this integration's events. */
  webhookUrl: string;
}

export interface ActivationResult {
  /** A display name of the connected account (bot @name, phone number, paired device). */
  accountName?: string;
  /** WhatsApp Web: the device still has to be paired by scanning the QR code. */
  needsPairing?: boolean;
}

export type InboundEvent =
  | {
      kind: 'message';
      providerMessageId: string;
      /** Normalised chat id: `<phone>@c.us` for WhatsApp, `<chat id>@telegram` for Telegram. */
      chatId: string;
      senderName: string;
      phone: string | null;
      text: string;
      timestamp: Date;
    }
  | {
      kind: 'status';
      providerMessageId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      error?: string;
      timestamp: Date;
    };

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  query: Record<string, string | undefined>;
}

/** Why a send failed, so callers can decide: retry later, or give up and give the quota back. */
export class ChannelError extends Error {
  constructor(
    readonly reason: 'rate_limited' | 'rejected' | 'unavailable' | 'unauthorized',
    message: string,
    readonly retryAfterSeconds?: number,
    /** 'unavailable' after the request reached the provider (a timeout, a 500): it may have sent it. */
    readonly mayHaveArrived = false,
  ) {
    super(message);
  }
}

export interface ChannelAdapter {
  readonly kind: ChannelKind;
  /** Registers the webhook (Telegram setWebhook, WAHA session start); checks the credentials. */
  activate(integration: ChannelIntegration): Promise<ActivationResult>;
  deactivate(integration: ChannelIntegration): Promise<void>;
  /**
   * Sends a text; answers the provider's message id. Throws ChannelError. A text longer than the
   * provider's limit goes out as several messages: `providerMessageId` is the first, and
   * `providerMessageIds` lists them all.
   */
  sendText(
    integration: ChannelIntegration,
    chatId: string,
    text: string,
  ): Promise<{ providerMessageId: string; providerMessageIds?: string[] }>;
  /** True when the request really comes from the provider for this integration (secret, HMAC). */
  verifyWebhook(integration: ChannelIntegration, request: WebhookRequest): boolean;
  /** The messages and delivery statuses in a webhook body. Throws on a malformed body. */
  parseWebhook(body: unknown): InboundEvent[];
}
