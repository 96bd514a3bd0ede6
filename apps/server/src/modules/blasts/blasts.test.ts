import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPackages } from '../../db/schema/billing.ts';
import { blastRecipients } from '../../db/schema/blasts.ts';
import { integrations } from '../../db/schema/messaging.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { type Client, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, giveQuota, platformId, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { multipart } from '../../test/uploads.ts';
import { quotaService } from '../billing/quota.service.ts';
import { notificationsService } from '../notifications/notifications.service.ts';
import { blastSender } from './blasts.sender.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let bot: Awaited<ReturnType<typeof activeTelegram>>;
let whatsappId: number;
const PHONE_NUMBER_ID = '106540352299999';

beforeAll(async () => {
  env = await startApp({ BLAST_RATE_TELEGRAM: '0', BLAST_RATE_WHATSAPP_CLOUD: '0' }, { listen: true });
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  bot = await activeTelegram(env, admin);
  for (const [i, name] of ['Ani', 'Budi', 'Citra'].entries()) {
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(i + 1, { id: 600 + i, name }, 'Halo'));
  }
  const created = await admin('POST', '/api/integrations', {
    type: 'message_platform',
    integration_id: await platformId(env, 'whatsapp_cloud'),
    title: 'Sales WhatsApp',
    integration_contact: PHONE_NUMBER_ID,
  });
  whatsappId = created.body.data.id;
  await env.database.db.update(integrations).set({ status: 'active' }).where(eq(integrations.id, whatsappId));
  await giveQuota(env, world.companyA.id, 100);
});
afterAll(() => env.close());

const create = (as: Client, fields: Record<string, string>, file?: { filename: string; content: Buffer }) => {
  const body = multipart(fields, file);
  return as('POST', '/api/blasts', body.payload, body.headers);
};
const telegramSends = () =>
  (env.app.sandbox?.telegram.requests ?? []).filter((request) => /sendmessage$/i.test(request.url));
const cloudSends = () =>
  (env.app.sandbox?.whatsapp.requests ?? []).filter((request) =>
    request.url.endsWith(`/${PHONE_NUMBER_ID}/messages`),
  );
const finish = () => env.app.blasts.idle();
const recipientsOf = (blastId: number) =>
  env.database.db.select().from(blastRecipients).where(eq(blastRecipients.blastId, blastId));
/** Company A's package period, with its WhatsApp message count. */
const periodOfA = async () =>
  (
    await env.database.db
      .select()
      .from(companyPackages)
      .where(eq(companyPackages.companyId, world.companyA.id))
  )[0]!;
/** Holds the app's sender, then creates a blast to the given Telegram contacts; answers its id. */
async function createHeld(title: string, contacts: string, message: string) {
  await env.app.blasts.stop();
  const created = await create(admin, {
    title,
    integration_id: String(bot.id),
    recipent_type: 'contact',
    recipent_contact: contacts,
    message,
  });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
}
/** What a process leaves behind when it dies holding a blast's rows: their status, the lease run out. */
const leftByDeadProcess = (blastId: number, status: 'claimed' | 'sending') =>
  env.database.db
    .update(blastRecipients)
    .set({ status, lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(blastRecipients.blastId, blastId));

async function sheet(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const page = book.addWorksheet('Recipients');
  page.addRow(['phone', 'name']);
  for (const row of rows) page.addRow(row);
  return { filename: 'list.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) };
}

describe('blasts', () => {
  it('sends to every contact once, counts results, completes and notifies', async () => {
    const before = telegramSends().length;
    const created = await create(admin, {
      title: 'Promo',
      integration_id: String(bot.id),
      recipent_type: 'all_contact',
      message: 'Diskon 50% <script>alert(1)</script>hari ini!',
      status: 'running',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Blast message created successfully');
    expect(created.body.data).toMatchObject({
      message: 'Diskon 50% hari ini!',
      integration_name: 'Support bot',
      status_count: { total_recipients: 3 },
    });
    await finish();
    const done = (await admin('GET', `/api/blasts/id/${created.body.data.id}`)).body.data;
    expect(done).toMatchObject({
      status: 'completed',
      status_count: { total_recipients: 3, success_count: 3, failed_count: 0, send_percentage: 100 },
    });
    const sent = telegramSends().slice(before);
    expect(sent.map((request) => (request.body as { chat_id: string }).chat_id).sort()).toEqual([
      '600',
      '601',
      '602',
    ]);
    const told = await env.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Blast completed'));
    expect(told[0]?.body).toBe('"Promo": 3 sent, 0 failed of 3.');
    const period = await periodOfA();
    expect(period.waMessageCount).toBe(3);
    const history = await admin('GET', '/api/blasts?status=completed');
    expect(history.body.data.map((row: { id: number }) => row.id)).toContain(done.id);
    expect((await admin('GET', '/api/blasts?status=paused,running,active,inactive')).body.data).toEqual([]);
  });

  it('reads an Excel list, refusing it whole with the bad row numbers, and removes duplicates', async () => {
    const bad = await create(
      admin,
      { title: 'Excel', integration_id: String(whatsappId), recipent_type: 'excel', message: 'Hi' },
      await sheet([
        ['081234567890', 'Ok'],
        ['12345', 'Short'],
        ['', 'Nobody'],
        ['6281234567891', 'Ok too'],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('2 rows have an invalid recipient: row 3 (12345), row 4 (empty)');
    expect(bad.body.data.map((row: { row: number }) => row.row)).toEqual([3, 4]);
    expect((await admin('GET', '/api/blasts')).body.meta.total).toBe(1);

    const before = cloudSends().length;
    const good = await create(
      admin,
      { title: 'Excel', integration_id: String(whatsappId), recipent_type: 'excel', message: 'Hi' },
      await sheet([
        ['081234567890', 'Ok'],
        ['+62 812-3456-7890', 'Same'],
        ['6281234567891', 'Ok too'],
      ]),
    );
    expect(good.status).toBe(201);
    expect(good.body.data.status_count.total_recipients).toBe(2);
    await finish();
    expect((await recipientsOf(good.body.data.id)).map((row) => [row.chatId, row.status]).sort()).toEqual([
      ['6281234567890@c.us', 'sent'],
      ['6281234567891@c.us', 'sent'],
    ]);
    expect(cloudSends().length - before).toBe(2);
  });

  it('validates the form with the spec texts and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ integration_id: String(bot.id), recipent_type: 'all_contact', message: 'x' }, 'Title is required'],
      [{ title: 't', recipent_type: 'all_contact', message: 'x' }, 'Integration is required'],
      [{ title: 't', integration_id: String(bot.id), message: 'x' }, 'Recipient type is required'],
      [
        {
          title: 't',
          integration_id: String(bot.id),
          recipent_type: 'all_contact',
          message: '<script>x</script>',
        },
        'Message is required',
      ],
      [
        {
          title: 't',
          integration_id: String(bot.id),
          recipent_type: 'all_contact',
          message: 'x'.repeat(501),
        },
        'Message must be less than 500 characters',
      ],
      [
        { title: 't', integration_id: String(bot.id), recipent_type: 'contact', message: 'x' },
        'Please select at least one contact',
      ],
      [
        { title: 't', integration_id: String(bot.id), recipent_type: 'excel', message: 'x' },
        'File is required',
      ],
      [
        {
          title: 't',
          integration_id: String(bot.id),
          recipent_type: 'contact',
          recipent_contact: '6281234567890',
          message: 'x',
        },
        '1 row has an invalid recipient: row 1 (6281234567890)',
      ],
    ];
    const total = (await admin('GET', '/api/blasts')).body.meta.total;
    for (const [fields, message] of cases) {
      const response = await create(admin, fields);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await admin('GET', '/api/blasts')).body.meta.total).toBe(total);
  });

  it('pauses at once, resumes, and pauses itself with the reason when the quota runs out', async () => {
    // Held, so that the pause lands before any pass of the sender.
    const id = await createHeld('Paused', '600@telegram,601@telegram', 'Hello');
    const paused = await admin('PUT', `/api/blasts/id/${id}/status`, { status: 'paused' });
    expect(paused.body.message).toBe('Status changed successfully');
    env.app.blasts.start();
    await finish();
    expect((await recipientsOf(id)).every((row) => row.status === 'pending')).toBe(true);

    const period = await periodOfA();
    await env.database.db
      .update(companyPackages)
      .set({ waMessageCount: period.waMessageLimit - 1 })
      .where(eq(companyPackages.id, period.id));
    expect((await admin('PUT', `/api/blasts/id/${id}/status`, { status: 'running' })).status).toBe(200);
    await finish();
    const after = (await admin('GET', `/api/blasts/id/${id}`)).body.data;
    expect(after).toMatchObject({
      status: 'paused',
      status_reason: 'Paused: the WhatsApp message quota is used up',
      status_count: { success_count: 1 },
    });
    const resume = await admin('PUT', `/api/blasts/id/${id}/status`, { status: 'running' });
    expect(resume.status).toBe(402);
    expect(resume.body.message).toBe('You have reached your limit of messages for this month');
    await env.database.db
      .update(companyPackages)
      .set({ waMessageCount: 0 })
      .where(eq(companyPackages.id, period.id));
    expect((await admin('PUT', `/api/blasts/id/${id}/status`, { status: 'running' })).status).toBe(200);
    await finish();
    expect((await admin('GET', `/api/blasts/id/${id}`)).body.data).toMatchObject({
      status: 'completed',
      status_count: { success_count: 2, send_percentage: 100 },
    });
  });

  it('records an interrupted send as failed rather than sending twice', async () => {
    const id = await createHeld('Crash', '602@telegram', 'Hello');
    // A process claimed the row and died before recording the result.
    await leftByDeadProcess(id, 'sending');
    const before = telegramSends().length;
    env.app.blasts.start();
    await finish();
    expect(telegramSends().length).toBe(before);
    const [row] = await recipientsOf(id);
    expect(row).toMatchObject({
      status: 'failed',
      error: 'Interrupted while sending; not sent again to avoid a duplicate',
    });
    expect((await admin('GET', `/api/blasts/id/${id}`)).body.data).toMatchObject({
      status: 'completed',
      status_count: { failed_count: 1 },
    });
  });

  it('sends the rows a dead process had only claimed, once', async () => {
    const id = await createHeld('Claimed by the dead', '602@telegram', 'Hello again');
    // A process claimed the row and died before its send started.
    await leftByDeadProcess(id, 'claimed');
    const before = telegramSends().length;
    env.app.blasts.start();
    await finish();
    expect(telegramSends().length - before).toBe(1);
    expect((await recipientsOf(id))[0]).toMatchObject({ status: 'sent', error: null });
    expect((await admin('GET', `/api/blasts/id/${id}`)).body.data).toMatchObject({
      status: 'completed',
      status_count: { success_count: 1, failed_count: 0 },
    });
  });

  it('downloads the template and the history, keeps companies apart and follows blast permissions', async () => {
    const template = await admin('GET', '/api/blasts/template-excel');
    expect(template.status).toBe(200);
    const history = await env.app.inject({
      method: 'GET',
      url: '/api/blasts/download',
      headers: { authorization: `Bearer ${(await signIn(env.app, world.adminA.email)).access_token}` },
    });
    expect(history.headers['content-disposition']).toBe('attachment; filename="history.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(history.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toContain('Successful');
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBeTruthy();

    const adminB = await world.as(world.adminB);
    const [first] = (await admin('GET', '/api/blasts?status=completed')).body.data;
    expect((await adminB('GET', `/api/blasts/id/${first.id}`)).status).toBe(404);
    expect((await adminB('PUT', `/api/blasts/id/${first.id}/status`, { status: 'running' })).status).toBe(
      404,
    );
    const foreign = await create(adminB, {
      title: 'x',
      integration_id: String(bot.id),
      recipent_type: 'all_contact',
      message: 'x',
    });
    expect(foreign.status).toBe(404);
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/blasts')).status).toBe(200);
    const denied = await create(agent, {
      title: 'x',
      integration_id: String(bot.id),
      recipent_type: 'all_contact',
      message: 'x',
    });
    expect(denied.status).toBe(403);
  });
});

describe('blasts when the provider fails', () => {
  const TOKEN = '123456:TEST-token-abcdefghijklmnop';
  const failNext = (times: number, status = 503) => {
    for (let i = 0; i < times; i += 1)
      env.app.sandbox!.telegram.switches.failNext({ kind: 'server_error', status }, TOKEN);
  };
  const delivered = (chatId: string) =>
    env.app.sandbox!.telegram.threads.sent(TOKEN).filter((message) => message.id.startsWith(`${chatId}:`));
  const quotaUsed = async () => (await periodOfA()).waMessageCount;
  /**
   * A sender of its own with delays of a fraction of a second, driven pass by pass (the app's is
   * held meanwhile): real time, no fake timers. `failing` throws a plain error (a network failure
   * outside any ChannelError) for that many sends first.
   */
  function senderWith(retryDelaysSeconds: number[], failing = 0) {
    const { deps, integrations: channels } = env.app;
    let left = failing;
    const integrations = {
      ...channels,
      adapterFor: (kind: string) => {
        const adapter = channels.adapterFor(kind);
        return {
          ...adapter,
          sendText: (...args: Parameters<typeof adapter.sendText>) => {
            if (left > 0) {
              left -= 1;
              return Promise.reject(new TypeError('fetch failed'));
            }
            return adapter.sendText(...args);
          },
        };
      },
    };
    return blastSender(
      deps,
      { integrations, quota: quotaService(deps.db), notifications: notificationsService(deps) },
      { retryDelaysSeconds },
    );
  }
  async function sendUntilDone(sender: ReturnType<typeof blastSender>, blastId: number) {
    const deadline = Date.now() + 5000;
    for (;;) {
      await sender.runDue();
      const blast = (await admin('GET', `/api/blasts/id/${blastId}`)).body.data;
      if (blast.status === 'completed') return blast;
      if (Date.now() > deadline) throw new Error(`blast ${blastId} still ${blast.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const createRetry = (contacts: string) => createHeld('Retry', contacts, 'Hello retry');
  afterAll(() => env.app.blasts.start());

  it('retries a provider that is down for a while and sends each recipient once', async () => {
    const id = await createRetry('600@telegram,601@telegram,602@telegram');
    const before = { quota: await quotaUsed(), requests: telegramSends().length };
    const counts = ['600', '601', '602'].map((chat) => delivered(chat).length);
    // The first three sends: one network failure and two 503s. Then one more 503 on a retry.
    const sender = senderWith([0.05, 0.1, 0.15], 1);
    failNext(2);
    await sender.runDue();
    const waiting = await recipientsOf(id);
    expect(waiting.map((row) => [row.status, row.retries])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);
    // Nothing sent yet: the quota taken for the attempts is back, and the blast is not complete.
    expect(await quotaUsed()).toBe(before.quota);
    expect((await admin('GET', `/api/blasts/id/${id}`)).body.data.status).toBe('running');
    failNext(1);
    const done = await sendUntilDone(sender, id);
    expect(done).toMatchObject({
      status: 'completed',
      status_count: { total_recipients: 3, success_count: 3, failed_count: 0 },
    });
    const rows = await recipientsOf(id);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.map((row) => row.retries).sort()).toEqual([1, 1, 2]);
    expect(['600', '601', '602'].map((chat, i) => delivered(chat).length - counts[i]!)).toEqual([1, 1, 1]);
    expect(telegramSends().length - before.requests).toBe(3 + 2 + 1);
    expect(await quotaUsed()).toBe(before.quota + 3);
  });

  it('fails a recipient with the reason after the last retry, gives the quota back and completes', async () => {
    const id = await createRetry('601@telegram');
    const before = {
      quota: await quotaUsed(),
      requests: telegramSends().length,
      sent: delivered('601').length,
    };
    const sender = senderWith([0.05, 0.1]);
    failNext(3);
    const done = await sendUntilDone(sender, id);
    expect(done).toMatchObject({
      status: 'completed',
      status_count: { total_recipients: 1, success_count: 0, failed_count: 1 },
    });
    expect((await recipientsOf(id))[0]).toMatchObject({
      status: 'failed',
      error: 'Telegram answered 503',
      retries: 2,
    });
    expect(telegramSends().length - before.requests).toBe(3);
    expect(delivered('601').length).toBe(before.sent);
    expect(await quotaUsed()).toBe(before.quota);
    const [told] = await env.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.body, '"Retry": 0 sent, 1 failed of 1.'));
    expect(told?.title).toBe('Blast completed');
  });

  it('fails at once, without a retry, when the provider may have sent it (a 500)', async () => {
    const id = await createRetry('600@telegram');
    const before = { requests: telegramSends().length };
    // Delays far beyond the test: a retry would leave the blast running.
    const sender = senderWith([60]);
    failNext(1, 500);
    await sender.runDue();
    expect((await recipientsOf(id))[0]).toMatchObject({
      status: 'failed',
      error: 'Telegram answered 500',
      retries: 0,
    });
    expect(telegramSends().length - before.requests).toBe(1);
    expect((await admin('GET', `/api/blasts/id/${id}`)).body.data.status).toBe('completed');
  });

  it('fails a refused recipient at once, without a retry', async () => {
    const id = await createRetry('602@telegram,600@telegram');
    env.app.sandbox!.telegram.block(TOKEN, '602');
    try {
      const before = { quota: await quotaUsed(), requests: telegramSends().length };
      // Delays far beyond the test: a retry would leave the blast running.
      const sender = senderWith([60]);
      await sender.runDue();
      const rows = (await recipientsOf(id)).map((row) => [row.chatId, row.status, row.error, row.retries]);
      expect(rows.sort()).toEqual([
        ['600@telegram', 'sent', null, 0],
        ['602@telegram', 'failed', 'Forbidden: bot was blocked by the user', 0],
      ]);
      expect((await admin('GET', `/api/blasts/id/${id}`)).body.data).toMatchObject({
        status: 'completed',
        status_count: { success_count: 1, failed_count: 1 },
      });
      expect(telegramSends().length - before.requests).toBe(2);
      expect(await quotaUsed()).toBe(before.quota + 1);
    } finally {
      env.app.sandbox!.telegram.block(TOKEN, '602', false);
    }
  });
});
