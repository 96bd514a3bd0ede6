import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { secretBox } from '../crypto/secrets.ts';
import { companyPackages, packages } from '../db/schema/billing.ts';
import { integrations, platforms } from '../db/schema/messaging.ts';
import type { Client, TestEnv } from './harness.ts';

/** Telegram webhook body of a private text message, as the Bot API sends it. */
export function telegramUpdate(updateId: number, from: { id: number; name: string }, text: string) {
  return {
    update_id: updateId,
    message: {
      // Far from the ids the sandbox gives the business's own messages in the same chat.
      message_id: 500_000 + updateId,
      from: { id: from.id, is_bot: false, first_name: from.name },
      chat: { id: from.id, type: 'private', first_name: from.name },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  };
}

export async function platformId(env: TestEnv, kind: string) {
  const [row] = await env.database.db.select().from(platforms).where(eq(platforms.kind, kind));
  return row!.id;
}

/**
 * A Telegram integration created through the API and switched on in the database, without
 * calling the provider; answers its webhook path and secret.
 */
export async function activeTelegram(
  env: TestEnv,
  call: Client,
  token = '123456:TEST-token-abcdefghijklmnop',
) {
  const created = await call('POST', '/api/integrations', {
    type: 'message_platform',
    integration_id: await platformId(env, 'telegram'),
    title: 'Support bot',
    integration_contact: token,
  });
  const id = created.body.data.id as number;
  const [row] = await env.database.db
    .update(integrations)
    .set({ status: 'active' })
    .where(eq(integrations.id, id))
    .returning();
  const secret = secretBox(env.app.deps.config.encryptionKey).open(row!.webhookSecretEncrypted);
  return { id, externalId: row!.externalId, secret, webhook: `/api/webhooks/telegram/${row!.externalId}` };
}

/** Posts a Telegram update to our webhook with the integration's secret (or the one given). */
export function postTelegram(env: TestEnv, webhook: string, secret: string | null, body: unknown) {
  return env.app.inject({
    method: 'POST',
    url: webhook,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
    },
  });
}

/**
 * Customer `userId` writes `text` to the bot, as Telegram update `updateId` (a new one each time);
 * answers once the webhook took it and every job it caused has run.
 */
export async function customerWrites(
  env: TestEnv,
  bot: { webhook: string; secret: string },
  updateId: number,
  userId: number,
  text: string,
) {
  const response = await postTelegram(
    env,
    bot.webhook,
    bot.secret,
    telegramUpdate(updateId, { id: userId, name: `Customer ${userId}` }, text),
  );
  expect(response.statusCode).toBe(200);
  await env.app.jobs.idle();
}

/** Gives a company a package period in force with `wa` messages left. */
export async function giveQuota(env: TestEnv, companyId: number, wa: number, ai = 100) {
  const [pkg] = await env.database.db
    .insert(packages)
    .values({
      name: `Test ${companyId}-${wa}-${Date.now()}`,
      description: 'test',
      price: 0,
      waMessageLimit: wa,
      aiUsageLimit: ai,
      durationInDays: 30,
    })
    .returning();
  await env.database.db.insert(companyPackages).values({
    companyId,
    packageId: pkg!.id,
    packageName: pkg!.name,
    packagePrice: 0,
    durationInDays: 30,
    startDate: new Date(Date.now() - 60_000),
    endDate: new Date(Date.now() + 30 * 86_400_000),
    waMessageLimit: wa,
    aiUsageLimit: ai,
  });
}
