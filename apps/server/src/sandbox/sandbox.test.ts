import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { telegramAdapter } from '../providers/channels/telegram.ts';
import { whatsappCloudAdapter } from '../providers/channels/whatsapp-cloud.ts';
import { wahaAdapter } from '../providers/channels/whatsapp-web.ts';
import { registerSandbox } from './index.ts';
import {
  type ChannelLab,
  startChannelLab,
  TEST_APP_SECRET,
  TEST_CLOUD_TOKEN,
  TEST_WAHA_KEY,
} from './testing.ts';

const baseEnv = {
  DATA_DIR: join(tmpdir(), 'ai-admin-test'),
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'silent' as const,
  ENCRYPTION_KEY: 'test-encryption-key-that-is-long-enough-0123',
};

describe('registerSandbox', () => {
  it('mounts nothing in production unless asked, or when switched off', async () => {
    const production = loadConfig({ ...baseEnv, NODE_ENV: 'production' });
    expect(production.channels.sandbox).toBe(false);
    expect(await registerSandbox(Fastify(), production)).toBeNull();
    expect(
      await registerSandbox(Fastify(), loadConfig({ ...baseEnv, CHANNELS_SANDBOX: 'false' })),
    ).toBeNull();
    expect(
      loadConfig({ ...baseEnv, NODE_ENV: 'production', CHANNELS_SANDBOX: 'true' }).channels.sandbox,
    ).toBe(true);
  });

  it('declares public access on every route it mounts', async () => {
    const app = Fastify();
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await registerSandbox(app, loadConfig({ ...baseEnv, NODE_ENV: 'test' }));
    await app.ready();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      expect([route.url, (route.config as { access?: unknown } | undefined)?.access]).toEqual([
        route.url,
        { public: true },
      ]);
      expect(route.url.startsWith('/sandbox/')).toBe(true);
    }
    await app.close();
  });

  it('defaults the adapters’ base URLs to the sandbox under PUBLIC_URL', () => {
    const config = loadConfig({ ...baseEnv, NODE_ENV: 'test', PUBLIC_URL: 'https://console.example.com/' });
    expect(config.channels.telegram).toEqual({
      baseUrl: 'https://console.example.com/sandbox/telegram',
      usesSandbox: true,
    });
    expect(config.channels.whatsappCloud).toMatchObject({
      baseUrl: 'https://console.example.com/sandbox/whatsapp',
      apiVersion: 'v21.0',
      callbackOverride: true,
    });
    const real = loadConfig({
      ...baseEnv,
      WHATSAPP_CLOUD_BASE_URL: 'https://graph.facebook.com',
      WAHA_BASE_URL: 'http://waha:3000/',
    });
    expect(real.channels.whatsappCloud).toMatchObject({
      baseUrl: 'https://graph.facebook.com',
      usesSandbox: false,
      callbackOverride: false,
    });
    expect(real.channels.waha.baseUrl).toBe('http://waha:3000');
  });
});

describe('webhooks to this very server', () => {
  it('go through inject when the URL is at PUBLIC_URL (no network needed)', async () => {
    const config = loadConfig({ ...baseEnv, NODE_ENV: 'test', PUBLIC_URL: 'http://console.test' });
    const app = Fastify();
    const seen: unknown[] = [];
    app.post('/api/hooks/telegram/x', { config: { access: { public: true } } }, async (request) => {
      seen.push({ secret: request.headers['x-telegram-bot-api-secret-token'], body: request.body });
      return { ok: true };
    });
    const sandbox = (await registerSandbox(app, config))!;
    await app.ready();
    const bot = sandbox.telegram.createBot();
    bot.webhook = {
      url: 'http://console.test/api/hooks/telegram/x',
      secretToken: 's3cret',
      allowedUpdates: [],
      maxConnections: 40,
    };
    const delivery = await sandbox.telegram.customerMessage(
      bot.token,
      { userId: 7, firstName: 'Ani' },
      'halo',
    );
    expect(delivery?.ok).toBe(true);
    expect(seen).toEqual([
      {
        secret: 's3cret',
        body: expect.objectContaining({ message: expect.objectContaining({ text: 'halo' }) }),
      },
    ]);
    await app.close();
  });
});

describe('the customer phone', () => {
  let lab: ChannelLab;
  const cloudHooks = new Map<string, string>();
  beforeAll(async () => {
    lab = await startChannelLab({ resolveCloudWebhook: (id) => cloudHooks.get(id) ?? null });
  });
  afterAll(() => lab.close());

  const phoneApi = async (path: string, body?: unknown) => {
    const response = await fetch(`${lab.origin}/sandbox/phone/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it('serves self-contained pages whose scripts parse', async () => {
    for (const path of ['/sandbox/phone', '/sandbox/waha/qr?device=toko-1']) {
      const response = await fetch(`${lab.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      const script = html.slice(html.indexOf('<script>') + 8, html.lastIndexOf('</script>'));
      expect(() => new Script(script)).not.toThrow();
      if (path.includes('qr')) expect(html).toContain('Pair this device');
    }
    const hostile = await fetch(
      `${lab.origin}/sandbox/waha/qr?device=${encodeURIComponent('<script>x</script>')}`,
    ).then((r) => r.text());
    expect(hostile).not.toContain('<script>x</script>');
  });

  it('chats as a Telegram customer: the message reaches the webhook, the reply shows in the thread', async () => {
    const { body: bot } = await phoneApi('telegram/bots', {});
    const adapter = telegramAdapter({ baseUrl: `${lab.origin}/sandbox/telegram` });
    const integration = {
      id: 1,
      externalId: 'i1',
      companyId: 1,
      kind: 'telegram' as const,
      accountId: bot.token,
      webhookSecret: 'sec',
      webhookUrl: lab.receiver.url('/hooks/tg'),
    };
    await adapter.activate(integration);
    const { body: accounts } = await phoneApi('accounts');
    expect(accounts).toContainEqual(expect.objectContaining({ provider: 'telegram', account: bot.token }));

    const sent = await phoneApi('send', {
      provider: 'telegram',
      account: bot.token,
      name: 'Rina Sari',
      phone: '5511223344',
      text: 'Halo',
    });
    expect(sent.body.ok).toBe(true);
    const received = lab.receiver.received.at(-1)!;
    expect(adapter.parseWebhook(received.json)[0]).toMatchObject({
      chatId: '5511223344@telegram',
      senderName: 'Rina Sari',
      text: 'Halo',
    });

    await adapter.sendText(integration, '5511223344@telegram', 'Halo kak, ada yang bisa dibantu?');
    const { body: thread } = await phoneApi(
      `thread?provider=telegram&account=${encodeURIComponent(bot.token)}&phone=5511223344&read=1`,
    );
    expect(thread.messages.map((m: { direction: string; text: string }) => [m.direction, m.text])).toEqual([
      ['in', 'Halo'],
      ['out', 'Halo kak, ada yang bisa dibantu?'],
    ]);
  });

  it('chats as a WhatsApp Cloud customer through a resolved webhook; opening the chat sends read', async () => {
    await phoneApi('whatsapp/numbers', { phone_number_id: '123450001' });
    cloudHooks.set('123450001', lab.receiver.url('/hooks/cloud'));
    const adapter = whatsappCloudAdapter({
      baseUrl: `${lab.origin}/sandbox/whatsapp`,
      apiVersion: 'v21.0',
      accessToken: TEST_CLOUD_TOKEN,
      appSecret: TEST_APP_SECRET,
    });
    const integration = {
      id: 2,
      externalId: 'i2',
      companyId: 1,
      kind: 'whatsapp_cloud' as const,
      accountId: '123450001',
      webhookSecret: 'v',
      webhookUrl: lab.receiver.url('/hooks/cloud'),
    };
    const sent = await phoneApi('send', {
      provider: 'whatsapp',
      account: '123450001',
      name: 'Budi',
      phone: '+62 812-000',
      text: 'Pesan',
    });
    expect(sent.body.ok).toBe(true);
    const inbound = lab.receiver.received.at(-1)!;
    expect(
      adapter.verifyWebhook(integration, { headers: inbound.headers, rawBody: inbound.rawBody, query: {} }),
    ).toBe(true);

    const reply = await adapter.sendText(integration, '62812000@c.us', 'Balasan');
    await lab.receiver.waitFor(
      (r) =>
        JSON.stringify(r.json).includes('"delivered"') &&
        JSON.stringify(r.json).includes(reply.providerMessageId),
    );
    const { body: thread } = await phoneApi(
      'thread?provider=whatsapp&account=123450001&phone=62812000&read=1',
    );
    expect(thread.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Balasan', status: 'read' });
    const read = await lab.receiver.waitFor((r) => JSON.stringify(r.json).includes('"read"'));
    expect(adapter.parseWebhook(read.json)).toContainEqual(
      expect.objectContaining({ providerMessageId: reply.providerMessageId, status: 'read' }),
    );
  });

  it('pairs a WAHA device from the QR page controls, then chats', async () => {
    const adapter = wahaAdapter({
      baseUrl: `${lab.origin}/sandbox/waha`,
      apiKey: TEST_WAHA_KEY,
      pollIntervalMs: 20,
    });
    const integration = {
      id: 3,
      externalId: 'i3',
      companyId: 1,
      kind: 'whatsapp_web' as const,
      accountId: 'toko-1',
      webhookSecret: 'k',
      webhookUrl: lab.receiver.url('/hooks/waha'),
    };
    expect(await adapter.activate(integration)).toMatchObject({ needsPairing: true });
    const refused = await phoneApi('send', {
      provider: 'waha',
      account: 'toko-1',
      name: 'C',
      phone: '6281',
      text: 'x',
    });
    expect(refused.status).toBe(409);
    const png = await fetch(`${lab.origin}/sandbox/waha/_sandbox/sessions/toko-1/qr.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      (await fetch(`${lab.origin}/sandbox/waha/_sandbox/sessions/toko-1/pair`, { method: 'POST' })).status,
    ).toBe(200);
    const state = await fetch(`${lab.origin}/sandbox/waha/_sandbox/sessions/toko-1`).then((r) => r.json());
    expect(state.status).toBe('WORKING');
    const sent = await phoneApi('send', {
      provider: 'waha',
      account: 'toko-1',
      name: 'Citra',
      phone: '6281',
      text: 'Halo WA',
    });
    expect(sent.body.ok).toBe(true);
  });

  it('lists deliveries and redelivers one over HTTP', async () => {
    const list = await fetch(`${lab.origin}/sandbox/_deliveries?provider=telegram`).then((r) => r.json());
    expect(list.length).toBeGreaterThan(0);
    const before = lab.receiver.received.length;
    const again = await fetch(`${lab.origin}/sandbox/_deliveries/${list[0].id}/redeliver`, {
      method: 'POST',
    }).then((r) => r.json());
    expect(again.attempts.length).toBe(2);
    expect(lab.receiver.received.length).toBe(before + 1);
    expect(
      (await fetch(`${lab.origin}/sandbox/_deliveries/99999/redeliver`, { method: 'POST' })).status,
    ).toBe(404);
  });
});
