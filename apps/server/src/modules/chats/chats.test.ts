import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages } from '../../db/schema/messaging.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, postTelegram, telegramUpdate } from '../../test/messaging.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let bot: Awaited<ReturnType<typeof activeTelegram>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  bot = await activeTelegram(env, await world.as(world.adminA));
});
afterAll(() => env.close());

const rina = { id: 5511223344, name: 'Rina' };
const messageCount = async () => (await env.database.db.select().from(messages)).length;

describe('inbound Telegram webhook', () => {
  it('stores the message once, creates the contact and the conversation, and tells the company', async () => {
    const first = await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(1001, rina, 'Halo, saya mau tanya harga'),
    );
    expect(first.statusCode).toBe(200);
    const again = await postTelegram(
      env,
      bot.webhook,
      bot.secret,
      telegramUpdate(1001, rina, 'Halo, saya mau tanya harga'),
    );
    expect(again.statusCode).toBe(200);
    expect(await messageCount()).toBe(1);

    const admin = await world.as(world.adminA);
    const list = await admin('GET', '/api/chats');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      chat_id: '5511223344@telegram',
      chat_type: 'telegram',
      sender_name: 'Rina',
      content: 'Halo, saya mau tanya harga',
      total_message: 1,
      unread_count: 1,
      integration_name: 'Support bot',
    });
    const told = await env.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, world.adminA.id));
    expect(told.some((n) => n.title === 'New chat conversation' && n.typeMessage === 'Chat')).toBe(true);
  });

  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const before = await messageCount();
    expect(
      (await postTelegram(env, bot.webhook, 'wrong-secret', telegramUpdate(2001, rina, 'x'))).statusCode,
    ).toBe(401);
    expect((await postTelegram(env, bot.webhook, null, telegramUpdate(2002, rina, 'x'))).statusCode).toBe(
      401,
    );
    expect(await messageCount()).toBe(before);
  });

  it('answers a malformed body with 400 and an unknown integration with 404', async () => {
    expect((await postTelegram(env, bot.webhook, bot.secret, '{"update_id":')).statusCode).toBe(400);
    expect(
      (await postTelegram(env, bot.webhook, bot.secret, { update_id: 'x', message: 5 })).statusCode,
    ).toBe(400);
    expect(
      (
        await postTelegram(
          env,
          '/api/webhooks/telegram/00000000-0000-4000-8000-000000000000',
          bot.secret,
          telegramUpdate(3001, rina, 'x'),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await postTelegram(
          env,
          `/api/webhooks/whatsapp_web/${bot.externalId}`,
          bot.secret,
          telegramUpdate(3002, rina, 'x'),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('chat rooms', () => {
  it('pages a room, oldest first within the newest page', async () => {
    for (let i = 0; i < 5; i++)
      await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(4000 + i, rina, `message ${i}`));
    const agent = await world.as(world.agentA);
    const page1 = await agent('GET', '/api/chats/room/5511223344@telegram?page=1&limit=4');
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((m: { content: string }) => m.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
    ]);
    expect(page1.body.meta).toMatchObject({ page: 1, limit: 4, total: 6 });
    expect(page1.body.meta.total).toBe(await messageCount());
    const page2 = await agent('GET', '/api/chats/room/5511223344@telegram?page=2&limit=4');
    expect(page2.body.data.map((m: { content: string }) => m.content)).toEqual([
      'Halo, saya mau tanya harga',
      'message 0',
    ]);
  });

  it('opening the room reads it', async () => {
    const agent = await world.as(world.agentA);
    expect((await agent('POST', '/api/chats/room/5511223344@telegram/read')).status).toBe(200);
    const [contact] = await env.database.db.select().from(contacts);
    expect(contact!.unreadCount).toBe(0);
    const room = await agent('GET', '/api/chats/room/5511223344@telegram');
    expect(room.body.data.every((m: { is_read: boolean }) => m.is_read)).toBe(true);
  });

  it('lists contacts with search by name or phone', async () => {
    const agent = await world.as(world.agentA);
    const found = await agent('GET', '/api/chats/contacts?search=rin&order_by=timestamp&sort_by=desc');
    expect(found.body.data).toEqual([
      expect.objectContaining({ name: 'Rina', chat_id: '5511223344@telegram', message: 'message 4' }),
    ]);
    expect((await agent('GET', '/api/chats/contacts?search=zzz')).body.data).toEqual([]);
  });

  it('downloads the room as a spreadsheet', async () => {
    const agent = await world.as(world.agentA);
    const token = (
      await env.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: world.agentA.email, password: 'correct-horse-9' },
      })
    ).json().data.access_token;
    const response = await env.app.inject({
      url: '/api/chats/room/5511223344@telegram/download',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="chat_5511223344@telegram.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Chat')!.rowCount).toBe(7);
    void agent;
  });

  it("keeps rooms to their company: another company's room is not found", async () => {
    const other = await world.as(world.adminB);
    expect((await other('GET', '/api/chats/room/5511223344@telegram')).status).toBe(404);
    expect((await other('POST', '/api/chats/room/5511223344@telegram/read')).status).toBe(404);
    expect((await other('DELETE', '/api/chats/room/5511223344@telegram')).status).toBe(404);
    expect((await other('GET', '/api/chats')).body.data).toEqual([]);
  });

  it("the list's total counts conversations: a new customer adds one, their next message does not", async () => {
    const admin = await world.as(world.adminA);
    const total = async () => (await admin('GET', '/api/chats?page=1&limit=1')).body.meta.total;
    const before = await total();
    const budi = { id: 5599887766, name: 'Budi' };
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(6001, budi, 'Halo'));
    expect(await total()).toBe(before + 1);
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(6002, budi, 'Masih buka?'));
    expect(await total()).toBe(before + 1);
    const pastTheEnd = await admin('GET', '/api/chats?page=50&limit=20');
    expect(pastTheEnd.body.data).toEqual([]);
    expect(pastTheEnd.body.meta.total).toBe(before + 1);
    expect((await admin('GET', '/api/chats?search=Budi')).body.meta.total).toBe(1);
    expect((await admin('DELETE', '/api/chats/room/5599887766@telegram')).status).toBe(200);
    expect(await total()).toBe(before);
    expect((await (await world.as(world.adminB))('GET', '/api/chats')).body.meta.total).toBe(0);
  });

  it("a customer's new name comes with their next message, on the same contact; a re-delivery changes nothing", async () => {
    const dewi = { id: 5566778899, name: 'Dewi' };
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(7001, dewi, 'Halo'));
    const renamed = { ...dewi, name: 'Dewi Lestari' };
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(7002, renamed, 'Ini nama lengkap saya'));
    const rows = await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.chatId, '5566778899@telegram'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dewi Lestari', totalMessages: 2, unreadCount: 2 });

    const again = await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(7001, dewi, 'Halo'));
    expect(again.statusCode).toBe(200);
    const [after] = await env.database.db.select().from(contacts).where(eq(contacts.id, rows[0]!.id));
    expect(after).toMatchObject({ name: 'Dewi Lestari', totalMessages: 2, unreadCount: 2 });
    expect(after!.updatedAt).toEqual(rows[0]!.updatedAt);
    const admin = await world.as(world.adminA);
    expect((await admin('DELETE', '/api/chats/room/5566778899@telegram')).status).toBe(200);
  });

  it('deleting a room needs chat_delete, with the spec wording', async () => {
    const agent = await world.as(world.agentA);
    const denied = await agent('DELETE', '/api/chats/room/5511223344@telegram');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("You don't have permission to delete messages");
    const admin = await world.as(world.adminA);
    const deleted = await admin('DELETE', '/api/chats/room/5511223344@telegram');
    expect(deleted.body.message).toBe('Room deleted successfully');
    expect(await messageCount()).toBe(0);
    const list = await admin('GET', '/api/chats');
    expect(list.body.data).toEqual([]);
    expect(list.body.meta.total).toBe(0);
  });
});

describe('chat configuration', () => {
  it('saves the Use AI switch and the AI priority', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('GET', '/api/chats/configs')).body.data).toMatchObject({
      use_ai: false,
      use_bot: false,
      auto_reply: true,
      ai_type: 'internal',
    });
    const saved = await admin('POST', '/api/chats/configs', {
      use_ai: true,
      use_bot: false,
      auto_reply: true,
      company_id: world.companyA.id,
    });
    expect(saved.body.message).toBe('Chat configuration saved successfully');
    expect(saved.body.data.use_ai).toBe(true);
    const priority = await admin('POST', '/api/chats/configs/ai-priority', { ai_type: 'external' });
    expect(priority.body.message).toBe('Ai settings updated successfully');
    expect(priority.body.data).toMatchObject({ use_ai: true, ai_type: 'external' });
    const agent = await world.as(world.agentA);
    const denied = await agent('POST', '/api/chats/configs', { use_ai: false });
    expect(denied.body.message).toBe("You don't have permission to update chat configuration");
    expect((await (await world.as(world.adminB))('GET', '/api/chats/configs')).body.data.use_ai).toBe(false);
  });
});

describe('integrations the webhooks remember', () => {
  it('a webhook right after the integration is switched off through the API is not stored', async () => {
    const dedi = { id: 5544332211, name: 'Dedi' };
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(8001, dedi, 'Masih aktif'));
    const admin = await world.as(world.adminA);
    const current = (await admin('GET', `/api/integrations/id/${bot.id}`)).body.data;
    const off = await admin('PUT', `/api/integrations/id/${bot.id}`, {
      type: current.type,
      integration_id: current.integration_id,
      title: current.title,
      integration_contact: current.integration_contact,
      status: 'inactive',
    });
    expect(off.status).toBe(200);
    const late = await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(8002, dedi, 'Sudah mati'));
    expect(late.statusCode).toBe(200);
    const contents = (await env.database.db.select().from(messages)).map((row) => row.content);
    expect(contents).toContain('Masih aktif');
    expect(contents).not.toContain('Sudah mati');
  });
});
