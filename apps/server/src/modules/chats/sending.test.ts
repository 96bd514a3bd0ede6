import { deniedMessage } from '@app/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { companyPackages } from '../../db/schema/billing.ts';
import { messages } from '../../db/schema/messaging.ts';
import { signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, giveQuota, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { notificationsService } from '../notifications/notifications.service.ts';

// Real sockets: the Telegram adapter sends to the sandbox served by this same app.
let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let bot: Awaited<ReturnType<typeof activeTelegram>>;
const ROOM = '700100200@telegram';

beforeAll(async () => {
  env = await startApp({}, { listen: true });
  world = await standardWorld(env);
  bot = await activeTelegram(env, await world.as(world.adminA));
  await postTelegram(
    env,
    bot.webhook,
    bot.secret,
    telegramUpdate(1, { id: 700100200, name: 'Budi' }, 'Halo'),
  );
});
afterAll(() => env.close());

const waUsed = async () =>
  (
    await env.database.db
      .select()
      .from(companyPackages)
      .where(eq(companyPackages.companyId, world.companyA.id))
  )[0]?.waMessageCount;

describe('sending from the chat room', () => {
  it('without quota: 402 with the spec text, nothing stored', async () => {
    const agent = await world.as(world.agentA);
    const response = await agent('POST', `/api/chats/room/${ROOM}/messages`, { message: 'Hi' });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe('You have reached your limit of messages for this month');
    expect((await env.database.db.select().from(messages)).filter((m) => m.isFromMe)).toEqual([]);
  });

  it('sends through the provider, takes one unit of quota, and records the provider id', async () => {
    await giveQuota(env, world.companyA.id, 10);
    const agent = await world.as(world.agentA);
    const response = await agent('POST', `/api/chats/room/${ROOM}/messages`, {
      message: '  Terima kasih!  ',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      content: 'Terima kasih!',
      is_from_me: true,
      status: 'sent',
      chat_type: 'telegram',
    });
    const [row] = await env.database.db.select().from(messages).where(eq(messages.id, response.body.data.id));
    expect(row!.providerMessageId).toMatch(/^700100200:\d+$/);
    expect(await waUsed()).toBe(1);
  });

  it('validates the message and the permission', async () => {
    const agent = await world.as(world.agentA);
    expect((await agent('POST', `/api/chats/room/${ROOM}/messages`, { message: '   ' })).body.message).toBe(
      'Message is required',
    );
    const superAdmin = await world.as(world.superAdmin);
    expect((await superAdmin('POST', `/api/chats/room/${ROOM}/messages`, { message: 'x' })).status).toBe(403);
    expect(
      (await (await world.as(world.adminB))('POST', `/api/chats/room/${ROOM}/messages`, { message: 'x' }))
        .status,
    ).toBe(404);
  });

  it('never overspends: 30 concurrent sends with 9 left send exactly 9', async () => {
    const admin = await world.as(world.adminA);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin('POST', `/api/chats/room/${ROOM}/messages`, { message: `burst ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(9);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(21);
    expect(await waUsed()).toBe(10);
  });

  it('a provider refusal marks the bubble failed and gives the quota back; it can be retried', async () => {
    await env.database.db
      .update(companyPackages)
      .set({ waMessageCount: 0 })
      .where(eq(companyPackages.companyId, world.companyA.id));
    const admin = await world.as(world.adminA);
    const tooLong = 'x'.repeat(4096);
    // Switch the integration off behind the agent's back: the send fails, visibly.
    const { integrations } = await import('../../db/schema/messaging.ts');
    await env.database.db.update(integrations).set({ status: 'inactive' }).where(eq(integrations.id, bot.id));
    const failed = await admin('POST', `/api/chats/room/${ROOM}/messages`, { message: tooLong });
    expect(failed.status).toBe(201);
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.error).toBe('This conversation’s integration is not active');
    expect(await waUsed()).toBe(0);

    await env.database.db.update(integrations).set({ status: 'active' }).where(eq(integrations.id, bot.id));
    const retried = await admin('POST', `/api/chats/room/${ROOM}/messages/${failed.body.data.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toBe('sent');
    expect(await waUsed()).toBe(1);
    expect(
      (await admin('POST', `/api/chats/room/${ROOM}/messages/${failed.body.data.id}/retry`)).status,
    ).toBe(400);
  });
});

describe('the live connection', () => {
  function connect(token: string) {
    const socket = new WebSocket(
      `${env.app.deps.config.publicUrl.replace('http', 'ws')}/api/messages/ws?token=${token}`,
    );
    const received: { type: string; [key: string]: unknown }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(data.toString())));
    return { socket, received, opened: new Promise((resolve) => socket.once('open', resolve)) };
  }

  it('refuses a bad token with an error and a close', async () => {
    const client = connect('nonsense');
    const code = await new Promise((resolve) => client.socket.once('close', resolve));
    expect(code).toBe(4401);
    expect(client.received[0]).toMatchObject({ type: 'error', message: 'Please sign in to continue' });
  });

  it('greets, joins a room, and delivers incoming messages and sends live', async () => {
    const token = (await signIn(env.app, world.agentA.email)).access_token;
    const client = connect(token);
    await client.opened;
    await expect.poll(() => client.received.map((m) => m.type)).toContain('connection_success');
    client.socket.send(JSON.stringify({ type: 'join', room_id: `company:${ROOM}`, message: null }));
    await expect.poll(() => client.received.map((m) => m.type)).toContain('join_response');

    await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(77, { id: 700100200, name: 'Budi' }, 'Masih ada stok?'),
    );
    await expect
      .poll(() =>
        client.received.find(
          (m) =>
            m.type === 'room_message' && (m.message as { content: string }).content === 'Masih ada stok?',
        ),
      )
      .toBeTruthy();

    client.socket.send(
      JSON.stringify({ type: 'send_to_room', room_id: ROOM, message: 'Ada, kak!', chat_type: 'telegram' }),
    );
    await expect
      .poll(() =>
        client.received.find(
          (m) => m.type === 'message_status' && (m.message as { content: string }).content === 'Ada, kak!',
        ),
      )
      .toMatchObject({ message: { status: 'sent', is_from_me: true } });

    client.socket.send(JSON.stringify({ type: 'join', room_id: 'nobody@telegram', message: null }));
    await expect
      .poll(() => client.received.find((m) => m.type === 'error'))
      .toMatchObject({ message: 'Chat not found' });
    client.socket.close();
  });

  it('answers a join sent the moment the socket opens, before the token was checked', async () => {
    const client = connect((await signIn(env.app, world.agentA.email)).access_token);
    client.socket.once('open', () =>
      client.socket.send(JSON.stringify({ type: 'join', room_id: ROOM, message: null })),
    );
    await expect
      .poll(() => client.received.map((m) => m.type))
      .toEqual(['connection_success', 'join_response']);
    client.socket.close();
  });

  it("rings the bell live: a new chat's notification reaches its company's sockets only", async () => {
    const mine = connect((await signIn(env.app, world.agentA.email)).access_token);
    const theirs = connect((await signIn(env.app, world.adminB.email)).access_token);
    await Promise.all([mine.opened, theirs.opened]);
    await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(90, { id: 700100999, name: 'Sinta' }, 'Halo?'),
    );
    await expect
      .poll(() => mine.received.find((m) => m.type === 'notification'))
      .toMatchObject({
        notification: { title: 'New chat conversation', body: 'Sinta: Halo?', is_read: false },
      });
    expect(theirs.received.some((m) => m.type === 'notification')).toBe(false);
    mine.socket.close();
    theirs.socket.close();
  });

  it('lets a super admin connect for notifications, without any chat event', async () => {
    const client = connect((await signIn(env.app, world.superAdmin.email)).access_token);
    await client.opened;
    await expect.poll(() => client.received.map((m) => m.type)).toContain('connection_success');
    client.socket.send(JSON.stringify({ type: 'join', room_id: ROOM, message: null }));
    await expect
      .poll(() => client.received.find((m) => m.type === 'error'))
      .toMatchObject({ message: deniedMessage('chat_read') });
    // The chat event goes first: when the notification after it has arrived, so would it have.
    await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(79, { id: 700100200, name: 'Budi' }, 'psst'),
    );
    await notificationsService(env.app.deps).notify(
      { superAdmins: true },
      { title: 'Invoice paid', body: 'INV-9 paid', typeMessage: 'Transaction' },
    );
    await expect
      .poll(() => client.received.find((m) => m.type === 'notification'))
      .toMatchObject({ notification: { title: 'Invoice paid' } });
    expect(client.received.some((m) => m.type === 'conversation_updated' || m.type === 'room_message')).toBe(
      false,
    );
    client.socket.close();
  });

  it("another company's socket hears nothing of this room", async () => {
    const client = connect((await signIn(env.app, world.adminB.email)).access_token);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'join', room_id: ROOM, message: null }));
    await expect
      .poll(() => client.received.find((m) => m.type === 'error'))
      .toMatchObject({ message: 'Chat not found' });
    await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(78, { id: 700100200, name: 'Budi' }, 'secret stuff'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.received.some((m) => m.type === 'room_message' || m.type === 'conversation_updated')).toBe(
      false,
    );
    client.socket.close();
  });
});
