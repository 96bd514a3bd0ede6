import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contacts, messages } from '../../db/schema/messaging.ts';
import { standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, giveQuota, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { multipart } from '../../test/uploads.ts';

// No LLM_BASE_URL: the agent answers from the knowledge base's passages alone.
let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let bot: Awaited<ReturnType<typeof activeTelegram>>;

beforeAll(async () => {
  env = await startApp({}, { listen: true });
  world = await standardWorld(env);
  const admin = await world.as(world.adminA);
  bot = await activeTelegram(env, admin);
  const body = multipart(
    { name: 'Store FAQ' },
    {
      filename: 'faq.md',
      content: '# Store hours\nWe are open on Saturday from 09.00 to 13.00.\n\n# Payment\nWe accept QRIS.',
    },
  );
  await admin('POST', '/api/integrations/knowledges', body.payload, body.headers);
  await admin('POST', '/api/ai-characters', { conversation_type: 'professional', primary_language: 'en' });
  await admin('POST', '/api/chats/configs', { use_ai: true });
  await giveQuota(env, world.companyA.id, 10, 10);
  await env.app.jobs.idle();
});
afterAll(() => env.close());

async function replyTo(userId: number, text: string) {
  await postTelegram(
    env,
    bot.webhook,
    bot.secret,
    telegramUpdate(userId, { id: userId, name: 'Sari' }, text),
  );
  await env.app.jobs.idle();
  const [contact] = await env.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.chatId, `${userId}@telegram`));
  const [reply] = await env.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.contactId, contact!.id), isNotNull(messages.ai)));
  return { contact: contact!, reply: reply! };
}

it('answers with the best passage in the character tone, labelled as retrieval', async () => {
  const { reply, contact } = await replyTo(901, 'Are you open on Saturday?');
  expect(reply.content).toBe(
    'Thank you for your message. Here is what I found:\n\nWe are open on Saturday from 09.00 to 13.00.',
  );
  expect(reply.ai).toMatchObject({ mode: 'retrieval', model: 'knowledge-base retrieval', prompt_tokens: 0 });
  expect(contact.needsHuman).toBe(false);
});

it('says plainly that it found no answer, and leaves the chat for a person', async () => {
  const { reply, contact } = await replyTo(902, 'Do you sell bicycles?');
  expect(reply.content).toBe(
    "I'm sorry, I couldn't find an answer to that in our information. A member of our team will get back to you shortly.",
  );
  expect(reply.ai!.passages).toEqual([]);
  expect(contact.needsHuman).toBe(true);
});
