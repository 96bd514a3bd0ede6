import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPackages } from '../../db/schema/billing.ts';
import { contacts, messages } from '../../db/schema/messaging.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { fakeLlm } from '../../test/fake-llm.ts';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, customerWrites, giveQuota } from '../../test/messaging.ts';
import { multipart } from '../../test/uploads.ts';

let env: TestEnv;
let llm: Awaited<ReturnType<typeof fakeLlm>>;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let bot: Awaited<ReturnType<typeof activeTelegram>>;
let categoryId: number;
let update = 0;

const FAQ = `# Store hours
We are open Monday to Friday from 08.00 to 17.00 and on Saturday from 09.00 to 13.00.

# Shipping
Orders ship within two working days.`;

async function uploadKnowledge(as: Client, name: string, content: string) {
  const body = multipart({ name }, { filename: `${name}.md`, content });
  const response = await as('POST', '/api/integrations/knowledges', body.payload, body.headers);
  expect(response.status).toBe(201);
}

/** A customer writes to the company's bot; answers once every job it caused has run. */
async function customerSays(userId: number, text: string) {
  update += 1;
  await customerWrites(env, bot, update, userId, text);
}

const contactOf = async (userId: number) =>
  (
    await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.chatId, `${userId}@telegram`))
  )[0]!;
const aiReplies = async (userId: number) =>
  env.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.contactId, (await contactOf(userId)).id), isNotNull(messages.ai)));
const usage = async () =>
  (
    await env.database.db
      .select()
      .from(companyPackages)
      .where(eq(companyPackages.companyId, world.companyA.id))
  )[0]!;

beforeAll(async () => {
  llm = await fakeLlm();
  env = await startApp(
    { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model' },
    { listen: true },
  );
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  bot = await activeTelegram(env, admin);
  await uploadKnowledge(admin, 'Store FAQ', FAQ);
  await uploadKnowledge(
    await world.as(world.adminB),
    'Beta FAQ',
    '# Store hours\nBeta opens on Saturday at midnight, code BETA-ONLY.',
  );
  await env.app.jobs.idle();
  const saved = await admin('POST', '/api/ai-characters', {
    conversation_type: 'friendly',
    primary_language: 'id',
    custom_prompt: 'Always greet with Halo Kak.',
    categories: [
      { icon: 'question', title: 'Store hours', description: 'Tell the customer when the store is open.' },
      { icon: 'package', title: 'Shipping', description: 'Explain delivery times.' },
    ],
  });
  expect(saved.status).toBe(200);
  categoryId = saved.body.data.categories[0].id;
  await giveQuota(env, world.companyA.id, 50, 20);
  expect((await admin('POST', '/api/chats/configs', { use_ai: true })).status).toBe(200);
});
afterAll(async () => {
  await env.close();
  await llm.close();
});

describe('the AI agent answers customers', () => {
  it('builds the prompt from the character, the category and the passages, and sends the reply', async () => {
    const before = llm.completions().length;
    await customerSays(801, 'When is the store open on Saturday?');
    const calls = llm.completions().slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.authorization).toBe('Bearer sk-test');
    expect(call.body.model).toBe('test-model');
    const system = call.body.messages![0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Always greet with Halo Kak.');
    expect(system.content).toContain('Tell the customer when the store is open.');
    expect(system.content).toContain('on Saturday from 09.00 to 13.00');
    expect(system.content).toContain('Always answer in Indonesian.');
    expect(system.content).not.toContain('BETA-ONLY');
    expect(call.body.messages!.at(-1)).toEqual({
      role: 'user',
      content: 'When is the store open on Saturday?',
    });

    const [reply] = await aiReplies(801);
    expect(reply).toMatchObject({
      content: 'Fake answer',
      isFromMe: true,
      senderName: 'AI Agent',
      status: 'sent',
    });
    expect(reply!.ai).toMatchObject({
      model: 'test-model',
      mode: 'llm',
      category: 'Store hours',
      prompt_tokens: 120,
      completion_tokens: 30,
    });
    expect(reply!.ai!.passages[0]!.knowledge).toBe('Store FAQ');
    expect(await usage()).toMatchObject({ aiUsageCount: 1, waMessageCount: 1 });
  });

  it('stays silent in a chat a person just answered', async () => {
    await customerSays(802, 'Do you ship to Bali?');
    const agent = await world.as(world.agentA);
    expect(
      (await agent('POST', '/api/chats/room/802@telegram/messages', { message: 'Yes we do!' })).status,
    ).toBe(201);
    const before = llm.completions().length;
    await customerSays(802, 'How long does shipping take?');
    expect(llm.completions().length).toBe(before);
    expect(await aiReplies(802)).toHaveLength(1);
  });

  it('hands the chat to a person when the LLM is down: no reply, the quota given back, the company told', async () => {
    const spent = (await usage()).aiUsageCount;
    llm.state.down = true;
    try {
      await customerSays(803, 'When is the store open on Saturday?');
    } finally {
      llm.state.down = false;
    }
    expect(await aiReplies(803)).toEqual([]);
    expect((await contactOf(803)).needsHuman).toBe(true);
    expect((await usage()).aiUsageCount).toBe(spent);
    const told = await env.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Chat needs a person'));
    expect(told.some((row) => row.body === 'Customer 803: the AI could not answer just now')).toBe(true);
    // The message itself is kept, and the AI stays out of the chat from then on.
    const before = llm.completions().length;
    await customerSays(803, 'Hello?');
    expect(llm.completions().length).toBe(before);
  });

  it('gives a customer who asks for a person a person, without calling the LLM', async () => {
    const before = llm.completions().length;
    await customerSays(804, 'Saya mau bicara dengan manusia');
    expect(llm.completions().length).toBe(before);
    const [handoff] = await aiReplies(804);
    expect(handoff!.content).toBe('Baik, kami teruskan ke tim kami. Mereka akan segera membalas di sini.');
    expect((await contactOf(804)).needsHuman).toBe(true);
  });

  it('does not call the LLM once the AI usage is used up', async () => {
    const period = await usage();
    await env.database.db
      .update(companyPackages)
      .set({ aiUsageCount: period.aiUsageLimit })
      .where(eq(companyPackages.id, period.id));
    try {
      const before = llm.completions().length;
      await customerSays(805, 'When is the store open on Saturday?');
      expect(llm.completions().length).toBe(before);
      expect(await aiReplies(805)).toEqual([]);
      expect((await contactOf(805)).needsHuman).toBe(true);
    } finally {
      await env.database.db
        .update(companyPackages)
        .set({ aiUsageCount: period.aiUsageCount })
        .where(eq(companyPackages.id, period.id));
    }
  });

  it('leaves every chat alone while Use AI is off', async () => {
    await admin('POST', '/api/chats/configs', { use_ai: false });
    try {
      const before = llm.completions().length;
      await customerSays(806, 'When is the store open on Saturday?');
      expect(llm.completions().length).toBe(before);
    } finally {
      await admin('POST', '/api/chats/configs', { use_ai: true });
    }
  });
});

describe('AI character settings and the simulator', () => {
  it('simulates through the same pipeline for a chosen category', async () => {
    const response = await admin('POST', '/api/ai-characters/simulate', {
      category_id: categoryId,
      message: 'Open on Saturday?',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Message simulated successfully');
    expect(response.body.data.response).toBe('Fake answer');
    expect(response.body.data.meta).toMatchObject({ category: 'Store hours', mode: 'llm' });
    expect(llm.completions().at(-1)!.body.messages![0]!.content).toContain('on Saturday from 09.00 to 13.00');
  });

  it('validates the simulation and the settings with the spec texts', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/ai-characters/simulate', { message: 'Hi' }, 'Category is required'],
      ['/api/ai-characters/simulate', { category_id: categoryId, message: '  ' }, 'Message is required'],
      [
        '/api/ai-characters/simulate',
        { category_id: categoryId, message: 'x'.repeat(501) },
        'Message must be less than 500 characters',
      ],
      ['/api/ai-characters', { primary_language: 'en' }, 'Conversation type is required'],
      ['/api/ai-characters', { conversation_type: 'friendly' }, 'Primary language is required'],
      [
        '/api/ai-characters',
        { conversation_type: 'friendly', primary_language: 'en', custom_prompt: 'x'.repeat(501) },
        'Custom prompt must be less than 500 characters',
      ],
      [
        '/api/ai-characters',
        {
          conversation_type: 'friendly',
          primary_language: 'en',
          categories: [{ icon: 'chat', title: '', description: 'd' }],
        },
        'Category Name is required',
      ],
      [
        '/api/ai-characters',
        {
          conversation_type: 'friendly',
          primary_language: 'en',
          categories: [{ icon: 'chat', title: 't', description: '' }],
        },
        'Category Prompt is required',
      ],
      [
        '/api/ai-characters',
        {
          conversation_type: 'friendly',
          primary_language: 'en',
          categories: [{ title: 't', description: 'd' }],
        },
        'Icon is required',
      ],
    ];
    for (const [url, body, message] of cases) {
      const response = await admin('POST', url, body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('keeps companies apart and follows the ai permissions', async () => {
    const adminB = await world.as(world.adminB);
    expect(
      (await adminB('POST', '/api/ai-characters/simulate', { category_id: categoryId, message: 'Hi' }))
        .status,
    ).toBe(404);
    const stolen = await adminB('POST', '/api/ai-characters', {
      conversation_type: 'casual',
      primary_language: 'en',
      categories: [{ id: categoryId, icon: 'chat', title: 'Mine now', description: 'x' }],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('Category not found');
    expect((await admin('GET', '/api/ai-characters')).body.data.categories[0].title).toBe('Store hours');

    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/ai-characters')).status).toBe(200);
    expect(
      (await agent('POST', '/api/ai-characters', { conversation_type: 'casual', primary_language: 'en' }))
        .status,
    ).toBe(403);
  });

  it('updates, adds and deletes categories as one list', async () => {
    const current = (await admin('GET', '/api/ai-characters')).body.data;
    const saved = await admin('POST', '/api/ai-characters', {
      conversation_type: current.conversation_type,
      primary_language: current.primary_language,
      custom_prompt: current.custom_prompt,
      categories: [
        { ...current.categories[0], title: 'Opening hours' },
        { icon: 'money', title: 'Payments', description: 'Explain how to pay.' },
      ],
    });
    expect(saved.body.message).toBe('AI Character settings updated successfully');
    expect(saved.body.data.categories.map((c: { title: string }) => c.title)).toEqual([
      'Opening hours',
      'Payments',
    ]);
    expect(saved.body.data.categories[0].id).toBe(categoryId);
  });
});
