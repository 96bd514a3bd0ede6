import type { Config } from '../../config.ts';
import type { BaseUrl } from './http.ts';
import type { ChannelAdapter, ChannelKind } from './port.ts';
import { telegramAdapter } from './telegram.ts';
import { whatsappCloudAdapter } from './whatsapp-cloud.ts';
import { wahaAdapter } from './whatsapp-web.ts';

export interface ChannelAdaptersOptions {
  /**
   * This server's own origin (e.g. `http://127.0.0.1:41234`), read at call time. When given, the
   * adapters whose base URL was not configured reach the built-in sandbox there instead of at
   * PUBLIC_URL, for tests that listen on a random port.
   */
  localOrigin?: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The three real channel adapters, pointed at the configured providers (or the sandbox). */
export function channelAdapters(
  config: Config,
  options: ChannelAdaptersOptions = {},
): Record<ChannelKind, ChannelAdapter> {
  const { telegram, whatsappCloud, waha } = config.channels;
  const base = (configured: { baseUrl: string; usesSandbox: boolean }, path: string): BaseUrl => {
    const origin = options.localOrigin;
    return configured.usesSandbox && origin ? () => `${origin()}${path}` : configured.baseUrl;
  };
  const http = { timeoutMs: options.timeoutMs, fetch: options.fetch };
  return {
    telegram: telegramAdapter({ ...http, baseUrl: base(telegram, '/sandbox/telegram') }),
    whatsapp_cloud: whatsappCloudAdapter({
      ...http,
      baseUrl: base(whatsappCloud, '/sandbox/whatsapp'),
      apiVersion: whatsappCloud.apiVersion,
      accessToken: whatsappCloud.accessToken,
      appSecret: whatsappCloud.appSecret,
      callbackOverride: whatsappCloud.callbackOverride,
    }),
    whatsapp_web: wahaAdapter({ ...http, baseUrl: base(waha, '/sandbox/waha'), apiKey: waha.apiKey }),
  };
}
