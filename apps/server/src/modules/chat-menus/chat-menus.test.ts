import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages } from '../../db/schema/messaging.ts';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, customerWrites, giveQuota } from '../../test/messaging.ts';
import { orderStatusExport } from '../../test/n8n-export.ts';
import { BOT_TEXT } from './bot-menu.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let bot: Awaited<ReturnType<typeof activeTelegram>>;
let workflowId: number;
const actions: Record<string, number> = {};
let update = 0;

/** A customer writes to the company's bot; answers once every job it caused has run. */
async function customerSays(userId: number, text: string) {
  update += 1;
  await customerWrites(env, bot, update, userId, text);
}

/** What the bot has said to one customer, oldest first. */
async function botSaid(userId: number) {
  const [contact] = await env.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.chatId, `${userId}@telegram`));
  const rows = await env.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.contactId, contact!.id), eq(messages.isFromMe, true)))
    .orderBy(asc(messages.id));
  return rows.map((row) => row.content);
}

beforeAll(async () => {
  env = await startApp({}, { listen: true });
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  bot = await activeTelegram(env, admin);
  await giveQuota(env, world.companyA.id, 100);
  const superAdmin = await world.as(world.superAdmin);
  const template = (await superAdmin('POST', '/api/workflows/import', orderStatusExport())).body.data[0];
  const created = await admin('POST', '/api/workflow/company', {
    workflow_id: template.id,
    n8n_workflow_integration_ids: [bot.id],
    status: true,
  });
  workflowId = created.body.data.id;
  for (const action of (await admin('GET', '/api/chats/menus/actions?limit=50')).body.data) {
    actions[action.action_code] = action.id;
  }
});
afterAll(() => env.close());

describe('chat menus', () => {
  it('validates with the spec texts and saves nothing', async () => {
    const empty = await admin('POST', '/api/chats/menus', { menus: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please fill at least one menu name');
    const missing = await admin('POST', '/api/chats/menus', {
      menus: [{ name: ' ', children: [{ name: '', description: '' }] }],
    });
    expect(missing.status).toBe(400);
    const messagesOf = (missing.body.data as { field: string; message: string }[]).map((e) => e.message);
    expect(messagesOf).toEqual(
      expect.arrayContaining([
        'Enter menu name',
        'Enter description',
        'Workflow is required',
        'Action is required',
        'Child menu name is required',
        'Description is required',
      ]),
    );
    const foreign = await (await world.as(world.adminB))('POST', '/api/chats/menus', {
      menus: [{ name: 'Steal', description: 'x', workflow_id: workflowId, action_id: actions.REPLY }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('The workflow is not one of yours');
    expect((await admin('GET', '/api/chats/menus')).body.meta.total).toBe(0);
  });

  it('saves menus with children in order, searches by name, and deletes with the children', async () => {
    const saved = await admin('POST', '/api/chats/menus', {
      menus: [
        {
          name: 'Orders',
          description: 'Everything about your orders',
          workflow_id: workflowId,
          action_id: actions.REPLY,
          children: [
            {
              name: 'Order status',
              description: 'Where is my order',
              workflow_id: workflowId,
              action_id: actions.RUN_WORKFLOW,
            },
            {
              name: 'Talk to us',
              description: 'A person answers',
              workflow_id: workflowId,
              action_id: actions.HAND_OVER,
            },
            {
              name: 'Complaint',
              description: 'Something went wrong',
              workflow_id: workflowId,
              action_id: actions.CREATE_TICKET,
            },
          ],
        },
        {
          name: 'Opening hours',
          description: 'We are open 08.00-17.00.',
          workflow_id: workflowId,
          action_id: actions.REPLY,
        },
        { name: 'Temporary', description: 'to delete', workflow_id: workflowId, action_id: actions.REPLY },
      ],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Chat menu created successfully');
    expect(saved.body.data[0].children.map((c: { name: string }) => c.name)).toEqual([
      'Order status',
      'Talk to us',
      'Complaint',
    ]);
    expect(saved.body.data[0]).toMatchObject({
      workflow_name: 'Order status',
      action_name: 'Reply with the description',
    });
    const found = await admin('GET', '/api/chats/menus?search=complaint');
    expect(found.body.data.map((m: { name: string }) => m.name)).toEqual(['Orders']);
    const temporary = saved.body.data[2].id;
    expect((await (await world.as(world.adminB))('DELETE', `/api/chats/menus/${temporary}`)).status).toBe(
      404,
    );
    const agent = await world.as(world.agentA);
    expect((await agent('DELETE', `/api/chats/menus/${temporary}`)).status).toBe(403);
    const deleted = await admin('DELETE', `/api/chats/menus/${temporary}`);
    expect(deleted.body.message).toBe('Chat menu deleted successfully');
    expect((await admin('GET', '/api/chats/menus')).body.data.map((m: { name: string }) => m.name)).toEqual([
      'Orders',
      'Opening hours',
    ]);
  });
});

describe('the bot menu', () => {
  it('stays quiet while Use Bot is off', async () => {
    await customerSays(501, 'hello');
    expect(await botSaid(501)).toEqual([]);
  });

  it('walks a customer down the menu to the workflow and brings its answer back', async () => {
    const saved = await admin('POST', '/api/chats/configs', {
      use_ai: false,
      use_bot: true,
      auto_reply: true,
    });
    expect(saved.status).toBeLessThan(300);
    await customerSays(502, 'hello');
    await customerSays(502, '1');
    await customerSays(502, '1');
    const said = await botSaid(502);
    expect(said[0]).toBe([BOT_TEXT.choose, '1. Orders', '2. Opening hours'].join('\n'));
    expect(said[1]).toBe(
      [
        '*Orders*',
        'Everything about your orders',
        '',
        BOT_TEXT.choose,
        '1. Order status',
        '2. Talk to us',
        '3. Complaint',
        BOT_TEXT.back,
      ].join('\n'),
    );
    expect(said[2]).toBe('Order status for Customer 502: shipped');
    const calls = env.app.sandbox!.n8n!.webhookCalls;
    expect(calls.at(-1)).toMatchObject({
      path: `c${world.companyA.id}/w${workflowId}/order-status`,
      body: {
        company_id: world.companyA.id,
        chat_id: '502@telegram',
        customer_name: 'Customer 502',
        menu: 'Order status',
      },
    });
  });

  it('answers descriptions, refuses numbers it does not offer, goes back with 0 and opens with "menu"', async () => {
    await customerSays(503, 'hi');
    await customerSays(503, '7');
    await customerSays(503, '1');
    await customerSays(503, '0');
    await customerSays(503, '2');
    await customerSays(503, 'MENU');
    const said = await botSaid(503);
    expect(said[1]).toContain(BOT_TEXT.invalid);
    expect(said[3]).toBe([BOT_TEXT.choose, '1. Orders', '2. Opening hours'].join('\n'));
    expect(said[4]).toBe('We are open 08.00-17.00.');
    expect(said[5]).toBe(said[0]);
  });

  it('hands the chat to a person, or opens a ticket, when those are picked', async () => {
    await customerSays(504, 'hi');
    await customerSays(504, '1');
    await customerSays(504, '3');
    const ticketText = (await botSaid(504))[2]!;
    expect(ticketText).toMatch(/^Thank you\. We opened ticket .+; our team will follow up with you\.$/);
    const tickets = await admin('GET', '/api/tickets?search=Complaint');
    expect(tickets.body.data[0]).toMatchObject({ resource_from: 'chat', customer_name: 'Customer 504' });

    await customerSays(505, 'hi');
    await customerSays(505, '1');
    await customerSays(505, '2');
    expect((await botSaid(505))[2]).toBe(BOT_TEXT.handedOver);
    const [contact] = await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.chatId, '505@telegram'));
    expect(contact!.needsHuman).toBe(true);
    // The chat is a person's now: the bot stays quiet.
    await customerSays(505, 'menu');
    expect(await botSaid(505)).toHaveLength(3);
  });

  it('says the option is unavailable and hands over when the workflow cannot answer', async () => {
    await admin('PUT', `/api/workflow/company/${workflowId}`, {
      workflow_id: (await admin('GET', '/api/workflow/company')).body.data[0].workflow_id,
      n8n_workflow_integration_ids: [bot.id],
      status: false,
    });
    await customerSays(506, 'hi');
    await customerSays(506, '1');
    await customerSays(506, '1');
    expect((await botSaid(506))[2]).toBe(BOT_TEXT.unavailable);
  });
});

describe('the external AI (N8N)', () => {
  it("answers through the active workflow connected to the chat's integration, and hands over without one", async () => {
    const [row] = (await admin('GET', '/api/workflow/company')).body.data;
    await admin('PUT', `/api/workflow/company/${row.id}`, {
      workflow_id: row.workflow_id,
      n8n_workflow_integration_ids: [bot.id],
      status: true,
    });
    await admin('POST', '/api/chats/configs', { use_ai: true, use_bot: false, auto_reply: true });
    expect((await admin('POST', '/api/chats/configs/ai-priority', { ai_type: 'external' })).status).toBe(200);
    await customerSays(601, 'Where is my parcel?');
    const [reply] = await env.database.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.isFromMe, true), eq(messages.content, 'Order status for Customer 601: shipped')),
      );
    expect(reply?.ai).toMatchObject({ model: 'n8n', mode: 'workflow' });
    expect(env.app.sandbox!.n8n!.webhookCalls.at(-1)?.body).toMatchObject({
      chat_id: '601@telegram',
      message: 'Where is my parcel?',
    });

    await admin('PUT', `/api/workflow/company/${row.id}`, {
      workflow_id: row.workflow_id,
      n8n_workflow_integration_ids: [bot.id],
      status: false,
    });
    await customerSays(602, 'Where is my parcel?');
    expect(await botSaid(602)).toEqual([]);
    const [contact] = await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.chatId, '602@telegram'));
    expect(contact!.needsHuman).toBe(true);
  });
});
