import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { PUBLIC, WebhookSender } from './common.ts';
import { N8nSandbox } from './n8n.ts';
import { phonePages } from './phone.ts';
import { TelegramSandbox } from './telegram.ts';
import { WhatsappCloudSandbox } from './whatsapp-cloud.ts';
import { WahaSandbox } from './whatsapp-web.ts';

/** The fake providers mounted in this server, for tests and the demo seed to drive. */
export interface ChannelSandbox {
  telegram: TelegramSandbox;
  whatsapp: WhatsappCloudSandbox;
  waha: WahaSandbox;
  /** Every webhook request the fakes made, with redelivery. */
  webhooks: WebhookSender;
  /** The fake workflow engine; null when a real n8n is configured. */
  n8n: N8nSandbox | null;
}

export interface SandboxOptions {
  /**
   * Where a Cloud API number's webhooks go when it has no override registered (Meta: the app's
   * callback URL). E.g. look the integration up by phone_number_id and answer its webhook URL.
   */
  resolveCloudWebhook?: (phoneNumberId: string) => string | null | Promise<string | null>;
  /** Timings of the fakes' automatic behaviour (tests shorten them). */
  wahaStartDelayMs?: number;
  statusDelayMs?: number;
  /** Send sent/delivered statuses (Cloud) and acks (WAHA) after each send; default true. */
  autoStatuses?: boolean;
  /** Deliver to PUBLIC_URL through `app.inject` instead of the network; default true. */
  injectSelf?: boolean;
}

/**
 * Mounts the fake Telegram (/sandbox/telegram), WhatsApp Cloud API (/sandbox/whatsapp), WAHA
 * (/sandbox/waha) and n8n (/sandbox/n8n) servers, the customer phone page (/sandbox/phone) and the WAHA QR page
 * (/sandbox/waha/qr?device=…). Does nothing and answers null when the sandbox is disabled.
 */
export async function registerSandbox(
  app: FastifyInstance,
  config: Config,
  options: SandboxOptions = {},
): Promise<ChannelSandbox | null> {
  if (!config.channels.sandbox) return null;
  const webhooks = new WebhookSender({
    local:
      options.injectSelf === false
        ? undefined
        : {
            origin: new URL(config.publicUrl).origin,
            inject: async (request) => {
              const answer = await app.inject(request);
              return { statusCode: answer.statusCode, body: answer.body };
            },
          },
  });
  const sandbox: ChannelSandbox = {
    telegram: new TelegramSandbox(webhooks),
    whatsapp: new WhatsappCloudSandbox(webhooks, {
      accessToken: config.channels.whatsappCloud.accessToken,
      appSecret: config.channels.whatsappCloud.appSecret,
      resolveWebhook: options.resolveCloudWebhook,
      autoStatuses: options.autoStatuses,
      statusDelayMs: options.statusDelayMs,
    }),
    waha: new WahaSandbox(webhooks, {
      apiKey: config.channels.waha.apiKey,
      startDelayMs: options.wahaStartDelayMs,
      autoAcks: options.autoStatuses,
      ackDelayMs: options.statusDelayMs,
    }),
    webhooks,
    n8n: config.workflowEngine?.sandbox
      ? new N8nSandbox({ apiKey: config.workflowEngine.apiKey, file: config.workflowEngine.sandboxFile })
      : null,
  };

  await app.register(sandbox.telegram.plugin, { prefix: '/sandbox/telegram' });
  await app.register(sandbox.whatsapp.plugin, { prefix: '/sandbox/whatsapp' });
  await app.register(sandbox.waha.plugin, { prefix: '/sandbox/waha' });
  if (sandbox.n8n) await app.register(sandbox.n8n.plugin, { prefix: '/sandbox/n8n' });
  await app.register(phonePages(sandbox));

  app.get('/sandbox/_deliveries', { config: PUBLIC }, async (request) => {
    const { provider, account } = request.query as { provider?: string; account?: string };
    return webhooks.deliveries.filter(
      (delivery) =>
        (!provider || delivery.provider === provider) && (!account || delivery.account === account),
    );
  });
  app.post('/sandbox/_deliveries/:id/redeliver', { config: PUBLIC }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    if (!webhooks.find(id)) return reply.code(404).send({ message: 'No such delivery' });
    return webhooks.redeliver(id);
  });

  app.addHook('onClose', async () => {
    sandbox.whatsapp.timers.clear();
    sandbox.waha.timers.clear();
  });
  return sandbox;
}
