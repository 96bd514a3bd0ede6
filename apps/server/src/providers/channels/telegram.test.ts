import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelLab, startChannelLab } from '../../sandbox/testing.ts';
import { rejection } from '../../test/rejection.ts';
import { ChannelError, type ChannelIntegration } from './port.ts';
import { splitText, telegramAdapter } from './telegram.ts';

let lab: ChannelLab;
let adapter: ReturnType<typeof telegramAdapter>;
let integration: ChannelIntegration;

beforeAll(async () => {
  lab = await startChannelLab();
  adapter = telegramAdapter({ baseUrl: `${lab.origin}/sandbox/telegram`, timeoutMs: 2000 });
  const bot = lab.sandbox.telegram.createBot({ username: 'tokomaju_bot' });
  integration = {
    id: 1,
    externalId: 'int-1',
    companyId: 1,
    kind: 'telegram',
    accountId: bot.token,
    webhookSecret: 'secret_Abc-123',
    webhookUrl: lab.receiver.url('/hooks/telegram/int-1'),
  };
});
afterAll(() => lab.close());

describe('telegram adapter against the sandbox', () => {
  it('activates: getMe, then setWebhook with the secret and the allowed updates', async () => {
    const result = await adapter.activate(integration);
    expect(result.accountName).toBe('@tokomaju_bot');
    const webhook = lab.sandbox.telegram.bots.get(integration.accountId)!.webhook;
    expect(webhook).toEqual({
      url: integration.webhookUrl,
      secretToken: integration.webhookSecret,
      allowedUpdates: ['message', 'edited_message'],
      maxConnections: 40,
    });
    const calls = lab.sandbox.telegram.requests.map((request) => request.url.split('/').at(-1));
    expect(calls.slice(-2)).toEqual(['getMe', 'setWebhook']);
  });

  it('refuses a malformed or revoked token as unauthorized', async () => {
    const bad = await rejection(adapter.activate({ ...integration, accountId: 'not-a-token' }));
    expect(bad).toBeInstanceOf(ChannelError);
    expect(bad.reason).toBe('unauthorized');
    const revoked = lab.sandbox.telegram.createBot();
    lab.sandbox.telegram.revoked.add(revoked.token);
    expect((await rejection(adapter.activate({ ...integration, accountId: revoked.token }))).reason).toBe(
      'unauthorized',
    );
  });

  it('sends a text to the chat of a normalised chat id', async () => {
    const sent = await adapter.sendText(
      integration,
      '5511223344@telegram',
      'Halo, pesanan Anda kami proses.',
    );
    expect(sent.providerMessageId).toMatch(/^5511223344:\d+$/);
    const thread = lab.sandbox.telegram.threads.find(integration.accountId, '5511223344')!;
    expect(thread.messages.at(-1)).toMatchObject({
      direction: 'out',
      text: 'Halo, pesanan Anda kami proses.',
    });
  });

  it('splits a text longer than 4096 characters into several messages, in order', async () => {
    const paragraph = `${'kata '.repeat(700)}\n`;
    const text = paragraph.repeat(3); // 10,503 characters
    const sent = await adapter.sendText(integration, '5511223344@telegram', text);
    expect(sent.providerMessageIds).toHaveLength(3);
    expect(sent.providerMessageId).toBe(sent.providerMessageIds![0]);
    const out = lab.sandbox.telegram.threads
      .find(integration.accountId, '5511223344')!
      .messages.filter((message) => message.direction === 'out')
      .slice(-3);
    for (const message of out) expect(message.text.length).toBeLessThanOrEqual(4096);
    const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
    expect(squash(out.map((message) => message.text).join('\n')) === squash(text)).toBe(true);
  });

  it('never cuts an emoji in half when splitting', () => {
    const parts = splitText('😀'.repeat(3000));
    expect(parts.join('')).toBe('😀'.repeat(3000));
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096);
    expect(parts[0]!.length % 2).toBe(0);
  });

  it('maps 429 to rate_limited with retry_after, a blocked user to rejected, 5xx to unavailable', async () => {
    lab.sandbox.telegram.switches.failNext({ kind: 'rate_limit', retryAfter: 15 }, integration.accountId);
    const limited = await rejection(adapter.sendText(integration, '5511223344@telegram', 'x'));
    expect(limited.reason).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(15);

    lab.sandbox.telegram.block(integration.accountId, 777);
    const blocked = await rejection(adapter.sendText(integration, '777@telegram', 'x'));
    expect(blocked.reason).toBe('rejected');
    expect(blocked.message).toContain('blocked');

    lab.sandbox.telegram.switches.failNext({ kind: 'server_error' }, integration.accountId);
    expect((await rejection(adapter.sendText(integration, '5511223344@telegram', 'x'))).reason).toBe(
      'unavailable',
    );
  });

  it('is unavailable when the provider is slow or unreachable', async () => {
    const impatient = telegramAdapter({ baseUrl: `${lab.origin}/sandbox/telegram`, timeoutMs: 100 });
    lab.sandbox.telegram.switches.failNext({ kind: 'slow', ms: 400 }, integration.accountId);
    expect((await rejection(impatient.sendText(integration, '1@telegram', 'x'))).reason).toBe('unavailable');
    const nowhere = telegramAdapter({ baseUrl: 'http://127.0.0.1:9/bot', timeoutMs: 500 });
    expect((await rejection(nowhere.sendText(integration, '1@telegram', 'x'))).reason).toBe('unavailable');
  });

  it('delivers the customer’s message with the secret; verifyWebhook checks it', async () => {
    const delivery = await lab.sandbox.telegram.customerMessage(
      integration.accountId,
      { userId: 5511223344, firstName: 'Rina', lastName: 'S', username: 'rina_s' },
      'Halo, saya mau tanya harga',
    );
    expect(delivery?.ok).toBe(true);
    const request = lab.receiver.received.at(-1)!;
    expect(request.path).toBe('/hooks/telegram/int-1');
    const webhook = { headers: request.headers, rawBody: request.rawBody, query: {} };
    expect(adapter.verifyWebhook(integration, webhook)).toBe(true);
    expect(adapter.verifyWebhook({ ...integration, webhookSecret: 'other' }, webhook)).toBe(false);
    const { 'x-telegram-bot-api-secret-token': _, ...without } = request.headers;
    expect(adapter.verifyWebhook(integration, { ...webhook, headers: without })).toBe(false);

    const [event] = adapter.parseWebhook(request.json);
    expect(event).toMatchObject({
      kind: 'message',
      chatId: '5511223344@telegram',
      senderName: 'Rina S',
      phone: null,
      text: 'Halo, saya mau tanya harga',
    });
    const update = request.json as { update_id: number; message: { message_id: number } };
    expect(event!.kind === 'message' && event!.providerMessageId).toBe(
      `5511223344:${update.message.message_id}`,
    );
  });

  it('redelivers the same update (same update_id and bytes)', async () => {
    const first = await lab.sandbox.telegram.customerMessage(
      integration.accountId,
      { userId: 42, firstName: 'Budi' },
      'Ping',
    );
    await lab.sandbox.webhooks.redeliver(first!.id);
    const same = lab.receiver.received.filter((r) => r.rawBody.toString('utf8') === first!.body);
    expect(same).toHaveLength(2);
    const [original, again] = same;
    expect(again!.rawBody.equals(original!.rawBody)).toBe(true);
    expect(adapter.parseWebhook(again!.json)).toEqual(adapter.parseWebhook(original!.json));
  });

  it('parses media as a placeholder, edits as new bubbles, and ignores other updates', async () => {
    const base = {
      message_id: 9,
      date: 1767225600,
      chat: { id: -100123, type: 'supergroup', title: 'Grup' },
    };
    const photo = adapter.parseWebhook({
      update_id: 1,
      message: {
        ...base,
        from: { id: 5, is_bot: false, first_name: 'Ani' },
        photo: [{ file_id: 'x' }],
        caption: 'ini',
      },
    });
    expect(photo[0]).toMatchObject({ text: '[photo] ini', chatId: '-100123@telegram', senderName: 'Ani' });
    const sticker = adapter.parseWebhook({ update_id: 2, message: { ...base, sticker: { file_id: 'y' } } });
    expect(sticker[0]).toMatchObject({ text: '[sticker]', senderName: 'Grup' });
    const edited = adapter.parseWebhook({
      update_id: 3,
      edited_message: { ...base, edit_date: 1767225700, text: 'ralat' },
    });
    expect(edited[0]).toMatchObject({
      text: '[edited] ralat',
      providerMessageId: '-100123:9:edit:1767225700',
    });
    expect(adapter.parseWebhook({ update_id: 4, callback_query: { id: 'q' } })).toEqual([]);
    expect(adapter.parseWebhook({ update_id: 5, my_chat_member: {} })).toEqual([]);
  });

  it('throws on a malformed update', () => {
    expect(() => adapter.parseWebhook({})).toThrow();
    expect(() => adapter.parseWebhook('text')).toThrow();
    expect(() => adapter.parseWebhook({ update_id: '1', message: {} })).toThrow();
    expect(() =>
      adapter.parseWebhook({ update_id: 1, message: { message_id: 1, date: 1, text: 'no chat' } }),
    ).toThrow();
  });

  it('deactivates: deleteWebhook, after which updates wait for getUpdates', async () => {
    await adapter.deactivate(integration);
    expect(lab.sandbox.telegram.bots.get(integration.accountId)!.webhook).toBeNull();
    const count = lab.receiver.received.length;
    expect(
      await lab.sandbox.telegram.customerMessage(integration.accountId, { userId: 1, firstName: 'X' }, 'hi'),
    ).toBeNull();
    expect(lab.receiver.received).toHaveLength(count);
    const updates = await fetch(`${lab.origin}/sandbox/telegram/bot${integration.accountId}/getUpdates`).then(
      (r) => r.json(),
    );
    expect(updates.result).toHaveLength(1);
  });
});
