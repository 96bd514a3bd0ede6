import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChannelLab,
  startChannelLab,
  TEST_APP_SECRET,
  TEST_CLOUD_TOKEN,
} from '../../sandbox/testing.ts';
import { rejection } from '../../test/rejection.ts';
import { ChannelError, type ChannelIntegration, type InboundEvent } from './port.ts';
import { verifyCloudHandshake, whatsappCloudAdapter } from './whatsapp-cloud.ts';

let lab: ChannelLab;
let adapter: ReturnType<typeof whatsappCloudAdapter>;
let integration: ChannelIntegration;
const PHONE_NUMBER_ID = '106540352242922';
const HOOK = '/hooks/whatsapp_cloud/int-2';

const make = (overrides: Partial<Parameters<typeof whatsappCloudAdapter>[0]> = {}) =>
  whatsappCloudAdapter({
    baseUrl: `${lab.origin}/sandbox/whatsapp`,
    apiVersion: 'v21.0',
    accessToken: TEST_CLOUD_TOKEN,
    appSecret: TEST_APP_SECRET,
    callbackOverride: true,
    timeoutMs: 2000,
    ...overrides,
  });

const asRequest = (received: {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}) => ({
  headers: received.headers,
  rawBody: received.rawBody,
  query: {},
});

beforeAll(async () => {
  lab = await startChannelLab();
  adapter = make();
  integration = {
    id: 2,
    externalId: 'int-2',
    companyId: 1,
    kind: 'whatsapp_cloud',
    accountId: PHONE_NUMBER_ID,
    webhookSecret: 'verify-token-of-int-2',
    webhookUrl: lab.receiver.url(HOOK),
  };
  lab.receiver.verifyTokens.set(HOOK, integration.webhookSecret);
});
afterAll(() => lab.close());

describe('verifyCloudHandshake', () => {
  it('answers the challenge only for subscribe with the right token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '1158201444' };
    expect(verifyCloudHandshake(query, 'tok')).toBe('1158201444');
    expect(verifyCloudHandshake(query, 'other')).toBeNull();
    expect(verifyCloudHandshake({ ...query, 'hub.mode': 'unsubscribe' }, 'tok')).toBeNull();
    expect(verifyCloudHandshake({ 'hub.mode': 'subscribe', 'hub.challenge': '1' }, 'tok')).toBeNull();
    expect(verifyCloudHandshake(query, '')).toBeNull();
  });
});

describe('whatsapp cloud adapter against the sandbox', () => {
  it('activates: checks the number, then sets the override after Meta’s verify handshake', async () => {
    const result = await adapter.activate(integration);
    expect(result.accountName).toContain('Sandbox Business');
    expect(lab.sandbox.whatsapp.numbers.get(PHONE_NUMBER_ID)!.override?.url).toBe(integration.webhookUrl);
    const get = lab.sandbox.whatsapp.requests.find((request) => request.method === 'GET');
    expect(get?.url).toContain(`/v21.0/${PHONE_NUMBER_ID}`);
    expect(get?.headers.authorization).toBe(`Bearer ${TEST_CLOUD_TOKEN}`);
  });

  it('fails activation when our handshake answer is wrong, and registers nothing without the override', async () => {
    const failing = await rejection(
      adapter.activate({ ...integration, webhookSecret: 'not-what-the-route-expects' }),
    );
    expect(failing.reason).toBe('rejected');
    expect(failing.message).toContain('2200');
    const plain = make({ callbackOverride: false });
    const before = lab.sandbox.whatsapp.requests.length;
    await plain.activate({ ...integration, accountId: '555000111' });
    const made = lab.sandbox.whatsapp.requests.slice(before);
    expect(made.map((request) => request.method)).toEqual(['GET']);
    expect(lab.sandbox.whatsapp.numbers.get('555000111')!.override).toBeNull();
  });

  it('maps a bad token to unauthorized (190) and an unknown id to rejected', async () => {
    const wrongToken = make({ accessToken: 'expired' });
    const unauthorised = await rejection(wrongToken.activate(integration));
    expect(unauthorised.reason).toBe('unauthorized');
    expect(unauthorised.message).toContain('190');
    expect((await rejection(adapter.activate({ ...integration, accountId: 'abc' }))).reason).toBe('rejected');
  });

  it('sends to the digits of the chat id and then receives signed sent/delivered statuses', async () => {
    const sent = await adapter.sendText(
      integration,
      '6281234567890@c.us',
      'Terima kasih, pesanan Anda kami proses.',
    );
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const body = lab.sandbox.whatsapp.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '6281234567890', type: 'text' });
    const isStatus = (status: string) => (request: { json: unknown; path: string }) =>
      request.path === HOOK && JSON.stringify(request.json).includes(`"status":"${status}"`);
    const delivered = await lab.receiver.waitFor(isStatus('delivered'));
    expect(adapter.verifyWebhook(integration, asRequest(delivered))).toBe(true);
    const events = adapter.parseWebhook(delivered.json);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'status',
        providerMessageId: sent.providerMessageId,
        status: 'delivered',
      }),
    ]);

    // The customer opens the chat: read.
    await lab.sandbox.whatsapp.markRead(PHONE_NUMBER_ID, '6281234567890');
    const read = await lab.receiver.waitFor(isStatus('read'));
    expect(adapter.parseWebhook(read.json)).toContainEqual(
      expect.objectContaining({ providerMessageId: sent.providerMessageId, status: 'read' }),
    );
  });

  it('maps Graph error codes to reasons', async () => {
    const cases: Array<[number, ChannelError['reason']]> = [
      [130429, 'rate_limited'],
      [131056, 'rate_limited'],
      [131047, 'rejected'],
      [131026, 'rejected'],
      [190, 'unauthorized'],
      [131000, 'unavailable'],
    ];
    for (const [code, reason] of cases) {
      lab.sandbox.whatsapp.switches.failNext({ kind: 'error_code', code }, PHONE_NUMBER_ID);
      const error = await rejection(adapter.sendText(integration, '6281234567890@c.us', 'x'));
      expect([code, error.reason]).toEqual([code, reason]);
      expect(error).toBeInstanceOf(ChannelError);
    }
    lab.sandbox.whatsapp.switches.failNext({ kind: 'rate_limit', retryAfter: 30 }, PHONE_NUMBER_ID);
    const limited = await rejection(adapter.sendText(integration, '6281234567890@c.us', 'x'));
    expect([limited.reason, limited.retryAfterSeconds]).toEqual(['rate_limited', 30]);
    lab.sandbox.whatsapp.switches.failNext({ kind: 'server_error', status: 503 }, PHONE_NUMBER_ID);
    expect((await rejection(adapter.sendText(integration, '6281234567890@c.us', 'x'))).reason).toBe(
      'unavailable',
    );
  });

  it('reports a send outside the 24-hour window as a failed status (131047)', async () => {
    lab.sandbox.whatsapp.closedWindows.add(`${PHONE_NUMBER_ID}:628999000111`);
    const sent = await adapter.sendText(integration, '628999000111@c.us', 'Halo lagi');
    const failed = await lab.receiver.waitFor((request) =>
      JSON.stringify(request.json).includes(sent.providerMessageId),
    );
    const [event] = adapter.parseWebhook(failed.json);
    expect(event).toMatchObject({ kind: 'status', status: 'failed' });
    expect(event!.kind === 'status' && event!.error).toContain('131047');
  });

  it('verifies the signature over the raw bytes (non-ASCII text, escaped as Meta does)', async () => {
    const text = 'Halo, stok kopi “Gayo” masih ada? Harga Rp 150.000 ✓ café 👍';
    const { id, delivery } = await lab.sandbox.whatsapp.customerMessage(
      PHONE_NUMBER_ID,
      { waId: '6281234567890', name: 'Budi Śantoso' },
      text,
    );
    expect(delivery?.ok).toBe(true);
    const received = lab.receiver.received.find((request) => JSON.stringify(request.json).includes(id))!;
    const raw = received.rawBody.toString('utf8');
    expect(raw).toContain('\\u201c'); // escaped, so re-serialised JSON differs from the signed bytes
    expect(adapter.verifyWebhook(integration, asRequest(received))).toBe(true);
    const reserialised = Buffer.from(JSON.stringify(received.json));
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), rawBody: reserialised })).toBe(false);
    const tampered = Buffer.from(raw.replace('Halo', 'Hola'));
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), rawBody: tampered })).toBe(false);
    const { 'x-hub-signature-256': _, ...unsigned } = received.headers;
    expect(adapter.verifyWebhook(integration, { ...asRequest(received), headers: unsigned })).toBe(false);
    const otherSecret = make({ appSecret: 'another-app' });
    expect(otherSecret.verifyWebhook(integration, asRequest(received))).toBe(false);

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

  it('redelivers the same bytes and signature (same wamid)', async () => {
    const { delivery } = await lab.sandbox.whatsapp.customerMessage(
      PHONE_NUMBER_ID,
      { waId: '6280001', name: 'A' },
      'sekali',
    );
    await lab.sandbox.webhooks.redeliver(delivery!.id);
    const same = lab.receiver.received.filter((r) => r.rawBody.toString('utf8') === delivery!.body);
    expect(same).toHaveLength(2);
    const [first, again] = same;
    expect(again!.headers['x-hub-signature-256']).toBe(first!.headers['x-hub-signature-256']);
  });

  it('parses batched entries, changes, messages and out-of-order statuses in payload order', () => {
    const value = (phoneNumberId: string, part: Record<string, unknown>) => ({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '6285550001111', phone_number_id: phoneNumberId },
      ...part,
    });
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: value(PHONE_NUMBER_ID, {
                contacts: [
                  { profile: { name: 'Budi' }, wa_id: '6281' },
                  { profile: { name: 'Sari' }, wa_id: '6282' },
                ],
                messages: [
                  {
                    from: '6281',
                    id: 'wamid.A',
                    timestamp: '1767225600',
                    type: 'text',
                    text: { body: 'satu' },
                  },
                  {
                    from: '6282',
                    id: 'wamid.B',
                    timestamp: '1767225601',
                    type: 'image',
                    image: { id: 'm', caption: 'foto' },
                  },
                  {
                    from: '6282',
                    id: 'wamid.C',
                    timestamp: '1767225602',
                    type: 'interactive',
                    interactive: { type: 'button_reply', button_reply: { id: 'y', title: 'Ya' } },
                  },
                  {
                    from: '6282',
                    id: 'wamid.S',
                    timestamp: '1767225603',
                    type: 'system',
                    system: { body: 'changed' },
                  },
                ],
              }),
            },
            { field: 'message_template_status_update', value: { event: 'APPROVED' } },
          ],
        },
        {
          id: '2',
          changes: [
            {
              field: 'messages',
              value: value(PHONE_NUMBER_ID, {
                statuses: [
                  { id: 'wamid.X', status: 'read', timestamp: '1767225700', recipient_id: '6281' },
                  { id: 'wamid.X', status: 'sent', timestamp: '1767225650', recipient_id: '6281' },
                  { id: 'wamid.X', status: 'delivered', timestamp: '1767225660', recipient_id: '6281' },
                  {
                    id: 'wamid.Y',
                    status: 'failed',
                    timestamp: '1767225661',
                    errors: [{ code: 131026, title: 'Message undeliverable' }],
                  },
                  { id: 'wamid.Z', status: 'deleted', timestamp: '1767225662' },
                ],
              }),
            },
          ],
        },
      ],
    };
    const events = adapter.parseWebhook(payload);
    const summary = events.map((event: InboundEvent) =>
      event.kind === 'message'
        ? [event.providerMessageId, event.senderName, event.text]
        : [event.providerMessageId, event.status, event.timestamp.getTime() / 1000, event.error ?? null],
    );
    expect(summary).toEqual([
      ['wamid.A', 'Budi', 'satu'],
      ['wamid.B', 'Sari', '[image] foto'],
      ['wamid.C', 'Sari', 'Ya'],
      ['wamid.X', 'read', 1767225700, null],
      ['wamid.X', 'sent', 1767225650, null],
      ['wamid.X', 'delivered', 1767225660, null],
      ['wamid.Y', 'failed', 1767225661, '(#131026) Message undeliverable'],
    ]);
  });

  it('throws on a malformed body', () => {
    expect(() => adapter.parseWebhook({})).toThrow();
    expect(() => adapter.parseWebhook({ object: 'page', entry: [] })).toThrow();
    expect(() => adapter.parseWebhook({ object: 'whatsapp_business_account', entry: {} })).toThrow();
    expect(() =>
      adapter.parseWebhook({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ field: 'messages', value: { messages: [{ id: 'x' }] } }] }],
      }),
    ).toThrow();
  });

  it('signs with HMAC-SHA256 of the app secret, as Meta documents', async () => {
    const delivery = await lab.sandbox.whatsapp.deliverPayload(PHONE_NUMBER_ID, {
      object: 'whatsapp_business_account',
      entry: [],
    });
    const expected = createHmac('sha256', TEST_APP_SECRET).update(Buffer.from(delivery!.body)).digest('hex');
    expect(delivery!.headers['x-hub-signature-256']).toBe(`sha256=${expected}`);
  });
});
