import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelLab, type Received, startChannelLab, TEST_WAHA_KEY } from '../../sandbox/testing.ts';
import { rejection } from '../../test/rejection.ts';
import type { ChannelIntegration } from './port.ts';
import { parseWahaSessionStatus, wahaAdapter } from './whatsapp-web.ts';

let lab: ChannelLab;
let adapter: ReturnType<typeof wahaAdapter>;
let integration: ChannelIntegration;
const HOOK = '/hooks/whatsapp_web/int-3';

const asRequest = (received: Received) => ({
  headers: received.headers,
  rawBody: received.rawBody,
  query: {},
});
const event = (received: Received) => (received.json as { event: string }).event;

beforeAll(async () => {
  lab = await startChannelLab();
  adapter = wahaAdapter({
    baseUrl: `${lab.origin}/sandbox/waha`,
    apiKey: TEST_WAHA_KEY,
    timeoutMs: 2000,
    pollIntervalMs: 20,
  });
  integration = {
    id: 3,
    externalId: 'int-3',
    companyId: 1,
    kind: 'whatsapp_web',
    accountId: 'company-1-device',
    webhookSecret: 'hmac-key-of-int-3',
    webhookUrl: lab.receiver.url(HOOK),
  };
});
afterAll(() => lab.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${lab.origin}/sandbox/waha${path}`, {
    ...init,
    headers: { 'x-api-key': TEST_WAHA_KEY, ...init.headers },
  });

describe('WAHA adapter against the sandbox', () => {
  it('refuses a wrong API key as unauthorized', async () => {
    const wrong = wahaAdapter({ baseUrl: `${lab.origin}/sandbox/waha`, apiKey: 'nope' });
    expect((await rejection(wrong.activate(integration))).reason).toBe('unauthorized');
    expect((await fetch(`${lab.origin}/sandbox/waha/api/sessions`)).status).toBe(401);
  });

  it('activates: creates the session with its webhook and reports that it needs pairing', async () => {
    const result = await adapter.activate(integration);
    expect(result.needsPairing).toBe(true);
    const session = lab.sandbox.waha.sessions.get(integration.accountId)!;
    expect(session.status).toBe('SCAN_QR_CODE');
    expect(session.config.webhooks).toEqual([
      expect.objectContaining({
        url: integration.webhookUrl,
        events: ['message', 'message.ack', 'session.status'],
        hmac: { key: integration.webhookSecret },
      }),
    ]);
    const scan = await lab.receiver.waitFor(
      (request) => parseWahaSessionStatus(request.json)?.status === 'SCAN_QR_CODE',
    );
    expect(adapter.verifyWebhook(integration, asRequest(scan))).toBe(true);
    expect(scan.headers['x-webhook-hmac-algorithm']).toBe('sha512');
    expect(adapter.parseWebhook(scan.json)).toEqual([]);
  });

  it('serves the QR code as PNG, as JSON base64 and raw', async () => {
    const png = await api(`/api/${integration.accountId}/auth/qr`, { headers: { accept: 'image/png' } });
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const json = await api(`/api/${integration.accountId}/auth/qr?format=image`, {
      headers: { accept: 'application/json' },
    }).then((r) => r.json());
    expect(json.mimetype).toBe('image/png');
    expect(Buffer.from(json.data, 'base64').equals(bytes)).toBe(true);
    const raw = await api(`/api/${integration.accountId}/auth/qr?format=raw`).then((r) => r.json());
    expect(raw.value).toMatch(/^2@/);
    expect((await fetch(`${lab.origin}/sandbox/waha/api/${integration.accountId}/auth/qr`)).status).toBe(401);
  });

  it('cannot send before pairing (unavailable), pairs with the hook, then sends', async () => {
    expect((await rejection(adapter.sendText(integration, '6281234567890@c.us', 'x'))).reason).toBe(
      'unavailable',
    );

    const paired = await fetch(`${lab.origin}/sandbox/waha/_sandbox/sessions/${integration.accountId}/pair`, {
      method: 'POST',
    });
    expect(paired.status).toBe(200);
    const working = await lab.receiver.waitFor(
      (request) => parseWahaSessionStatus(request.json)?.status === 'WORKING',
    );
    expect(parseWahaSessionStatus(working.json)).toEqual({
      session: integration.accountId,
      status: 'WORKING',
    });
    expect((await api(`/api/${integration.accountId}/auth/qr`)).status).toBe(422);

    const sent = await adapter.sendText(
      integration,
      '6281234567890@s.whatsapp.net',
      'Halo! Ada yang bisa kami bantu?',
    );
    expect(sent.providerMessageId).toMatch(/^true_6281234567890@c\.us_/);
    const sendBody = lab.sandbox.waha.requests.at(-1)!.body;
    expect(sendBody).toMatchObject({ session: integration.accountId, chatId: '6281234567890@c.us' });

    const delivered = await lab.receiver.waitFor(
      (request) =>
        event(request) === 'message.ack' && (request.json as { payload: { ack: number } }).payload.ack === 2,
    );
    expect(adapter.parseWebhook(delivered.json)).toEqual([
      expect.objectContaining({
        kind: 'status',
        providerMessageId: sent.providerMessageId,
        status: 'delivered',
      }),
    ]);
    await lab.sandbox.waha.markRead(integration.accountId, '6281234567890@c.us');
    const read = await lab.receiver.waitFor(
      (request) =>
        event(request) === 'message.ack' && (request.json as { payload: { ack: number } }).payload.ack === 3,
    );
    expect(adapter.parseWebhook(read.json)[0]).toMatchObject({ status: 'read' });
  });

  it('re-activating a paired device does not ask for pairing again', async () => {
    const result = await adapter.activate(integration);
    expect(result).toEqual({ accountName: `Sandbox ${integration.accountId}`, needsPairing: false });
  });

  it('maps errors: bad chat id rejected, 429 rate_limited, 5xx unavailable', async () => {
    expect((await rejection(adapter.sendText(integration, 'not-a-chat', 'x'))).reason).toBe('rejected');
    lab.sandbox.waha.switches.failNext({ kind: 'rate_limit', retryAfter: 7 }, integration.accountId);
    const limited = await rejection(adapter.sendText(integration, '6281@c.us', 'x'));
    expect([limited.reason, limited.retryAfterSeconds]).toEqual(['rate_limited', 7]);
    lab.sandbox.waha.switches.failNext({ kind: 'server_error' }, integration.accountId);
    expect((await rejection(adapter.sendText(integration, '6281@c.us', 'x'))).reason).toBe('unavailable');
  });

  it('delivers the customer’s message signed with HMAC-SHA512 over the raw bytes (non-ASCII)', async () => {
    const text = 'Halo, stok “kopi Gayo” masih ada? 👍 — café';
    const { id } = await lab.sandbox.waha.customerMessage(
      integration.accountId,
      { phone: '6281234567890', name: 'Budi Śantoso' },
      text,
    );
    const received = await lab.receiver.waitFor(
      (request) => event(request) === 'message' && request.rawBody.includes(id),
    );
    const expected = createHmac('sha512', integration.webhookSecret).update(received.rawBody).digest('hex');
    expect(received.headers['x-webhook-hmac']).toBe(expected);
    expect(received.headers['x-webhook-request-id']).toMatch(/^req_/);
    expect(Number(received.headers['x-webhook-timestamp'])).toBeGreaterThan(1_700_000_000_000);
    expect(adapter.verifyWebhook(integration, asRequest(received))).toBe(true);
    expect(adapter.verifyWebhook({ ...integration, webhookSecret: 'other' }, asRequest(received))).toBe(
      false,
    );
    const tampered = Buffer.from(received.rawBody.toString('utf8').replace('kopi', 'teh'));
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), rawBody: tampered })).toBe(false);
    const { 'x-webhook-hmac': _, ...unsigned } = received.headers;
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), headers: unsigned })).toBe(false);
    const wrongAlgorithm = { ...received.headers, 'x-webhook-hmac-algorithm': 'sha256' };
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), headers: wrongAlgorithm })).toBe(
      false,
    );

    expect(adapter.parseWebhook(received.json)).toEqual([
      {
        kind: 'message',
        providerMessageId: id,
        chatId: '6281234567890@c.us',
        senderName: 'Budi Śantoso',
        phone: '6281234567890',
        text,
        timestamp: expect.any(Date),
      },
    ]);
  });

  it('redelivers with the same request id and bytes', async () => {
    const { deliveries } = await lab.sandbox.waha.customerMessage(
      integration.accountId,
      { phone: '628777', name: 'C' },
      'lagi',
    );
    const again = await lab.sandbox.webhooks.redeliver(deliveries[0]!.id);
    expect(again.attempts).toHaveLength(2);
    const requestId = deliveries[0]!.headers['x-webhook-request-id'];
    const [first, second, ...more] = lab.receiver.received.filter(
      (r) => r.headers['x-webhook-request-id'] === requestId,
    );
    expect(more).toEqual([]);
    expect(second!.rawBody.equals(first!.rawBody)).toBe(true);
    expect(adapter.parseWebhook(second!.json)).toEqual(adapter.parseWebhook(first!.json));
  });

  it('ignores our own messages and pending acks; parses media and groups; throws on malformed bodies', () => {
    const envelope = (name: string, payload: unknown) => ({ event: name, session: 's', payload });
    expect(
      adapter.parseWebhook(
        envelope('message', { id: 'true_1@c.us_A', from: '1@c.us', fromMe: true, body: 'echo' }),
      ),
    ).toEqual([]);
    expect(
      adapter.parseWebhook(envelope('message.ack', { id: 'true_1@c.us_A', ack: 0, fromMe: true })),
    ).toEqual([]);
    expect(
      adapter.parseWebhook(envelope('message.ack', { id: 'true_1@c.us_A', ack: -1, fromMe: true }))[0],
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      adapter.parseWebhook(envelope('message.ack', { id: 'true_1@c.us_A', ack: 4, fromMe: true }))[0],
    ).toMatchObject({
      status: 'read',
    });
    const media = adapter.parseWebhook(
      envelope('message', {
        id: 'false_1@g.us_B',
        from: '1203@g.us',
        participant: '6281@c.us',
        body: 'lihat',
        hasMedia: true,
        timestamp: 1,
      }),
    );
    expect(media[0]).toMatchObject({
      chatId: '1203@g.us',
      phone: null,
      senderName: '6281',
      text: '[media] lihat',
    });
    expect(adapter.parseWebhook(envelope('message.reaction', {}))).toEqual([]);
    expect(() => adapter.parseWebhook({})).toThrow();
    expect(() => adapter.parseWebhook(envelope('message', { body: 'no id' }))).toThrow();
    expect(() => adapter.parseWebhook(envelope('message.ack', { id: 'x' }))).toThrow();
  });

  it('deactivates: stops the session; activation restarts a failed session', async () => {
    await adapter.deactivate(integration);
    expect(lab.sandbox.waha.sessions.get(integration.accountId)!.status).toBe('STOPPED');
    await adapter.deactivate({ ...integration, accountId: 'never-created' });

    const other = { ...integration, accountId: 'second-device' };
    await adapter.activate(other);
    lab.sandbox.waha.fail(other.accountId);
    // Activation restarts a FAILED session: STARTING → SCAN_QR_CODE again, since it was never paired.
    expect(await adapter.activate(other)).toMatchObject({ needsPairing: true });
  });
});
