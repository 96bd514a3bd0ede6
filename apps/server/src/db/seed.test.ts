import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signIn, startApp, type TestEnv } from '../test/harness.ts';
import { seedDemo } from './seed.ts';

let env: TestEnv;

beforeAll(async () => {
  env = await startApp();
});
afterAll(() => env.close());

describe('the demo data of a first start', () => {
  it("shows the demo company's four seeded customer messages once on its dashboard and in its inbox", async () => {
    const accounts = await seedDemo(env.database.db, env.app.deps.config);
    const admin = accounts!.find((account) => account.role === 'client_admin')!;
    const { access_token } = await signIn(env.app, admin.email, admin.password);
    const call = client(env.app, access_token);
    const conversations = (await call('GET', '/api/chats')).body.data as { total_message: number }[];
    expect(conversations.reduce((sum, chat) => sum + chat.total_message, 0)).toBe(4);
    expect((await call('GET', '/api/messages/statistics')).body.data).toMatchObject({
      total_chats: 4,
      total_integrations: 2,
    });
    expect(await seedDemo(env.database.db, env.app.deps.config)).toBeNull();
  });
});
