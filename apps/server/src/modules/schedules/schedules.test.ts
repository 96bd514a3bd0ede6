import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema/blasts.ts';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, giveQuota, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { multipart } from '../../test/uploads.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let bot: Awaited<ReturnType<typeof activeTelegram>>;

beforeAll(async () => {
  env = await startApp({ BLAST_RATE_TELEGRAM: '0' }, { listen: true });
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  bot = await activeTelegram(env, admin);
  for (const [i, name] of ['Ani', 'Budi'].entries()) {
    await postTelegram(env, bot.webhook, bot.secret, telegramUpdate(i + 1, { id: 700 + i, name }, 'Halo'));
  }
  await giveQuota(env, world.companyA.id, 100);
});
afterAll(() => env.close());

const save = (as: Client, fields: Record<string, string>, id?: number) => {
  const body = multipart(fields);
  return id
    ? as('PUT', `/api/schedules/id/${id}`, body.payload, body.headers)
    : as('POST', '/api/schedules', body.payload, body.headers);
};
const telegramSends = () =>
  (env.app.sandbox?.telegram.requests ?? []).filter((request) => /sendmessage$/i.test(request.url));
const base = () => ({
  title: 'Reminder',
  description: 'Jangan lupa promo hari ini!',
  integration_id: String(bot.id),
  recipent_type: 'contact',
  recipent_contact: '700@telegram,701@telegram',
});

describe('scheduled messages', () => {
  it('fires a once schedule whose time has come, sends through the blast sender, and completes', async () => {
    // Held until the schedule as saved has been read.
    await env.app.schedules.stop();
    const created = await save(admin, {
      ...base(),
      schedule_type: 'once',
      start_time: '2026-01-01T09:00:00Z',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Schedule created successfully');
    expect(created.body.data).toMatchObject({
      status: 'active',
      schedule_type: 'once',
      repeat_type: null,
      recipients_count: 2,
      start_time: '2026-01-01T09:00:00Z',
      next_run_at: '2026-01-01T02:00:00.000Z',
    });
    const before = telegramSends().length;
    env.app.schedules.start();
    await env.app.schedules.idle();
    await env.app.blasts.idle();
    expect(telegramSends().length - before).toBe(2);
    const done = (await admin('GET', `/api/schedules/id/${created.body.data.id}`)).body.data;
    expect(done).toMatchObject({
      status: 'completed',
      next_run_at: null,
      status_count: { executions: 1, total_recipients: 2, success_count: 2, failed_count: 0 },
    });
    expect(done.last_run_at).not.toBeNull();
    const [told] = (await admin('GET', '/api/notifications')).body.data;
    expect(told).toMatchObject({ title: 'Scheduled message sent', type_message: 'Schedule' });
    expect(told.body).toContain('2 sent, 0 failed of 2');
    const recipients = await admin('GET', `/api/schedules/external/${done.external_id}/recipients`);
    expect(recipients.body.data).toEqual([
      { chat_id: '700@telegram', name: 'Ani', received_number: 1 },
      { chat_id: '701@telegram', name: 'Budi', received_number: 1 },
    ]);
    // Runs are not blasts of their own.
    expect((await admin('GET', '/api/blasts')).body.meta.total).toBe(0);
    expect(
      (await admin('GET', '/api/schedules?status=completed')).body.data.map((s: { id: number }) => s.id),
    ).toEqual([done.id]);
    // Firing again finds nothing due: a schedule fires once per due time.
    await env.app.schedules.idle();
    await env.app.blasts.idle();
    expect(telegramSends().length - before).toBe(2);
  });

  it('computes the next weekly run in Asia/Jakarta, toggles, edits and deletes', async () => {
    const created = await save(admin, {
      ...base(),
      schedule_type: 'repeat',
      repeat_type: 'weekly',
      day: '3',
      start_time: '2030-01-01T09:30:00Z',
      end_time: '2030-12-31T00:00:00Z',
    });
    const id = created.body.data.id;
    // 2030-01-02 is the first Wednesday; 09.30 WIB is 02.30 UTC.
    expect(created.body.data.next_run_at).toBe('2030-01-02T02:30:00.000Z');
    const toggled = await admin('PUT', `/api/schedules/id/${id}/status`, { status: 'paused' });
    expect(toggled.body).toMatchObject({
      message: 'Status changed successfully',
      data: { status: 'paused' },
    });
    const edited = await save(
      admin,
      {
        ...base(),
        recipent_contact: '',
        title: 'Monthly reminder',
        schedule_type: 'repeat',
        repeat_type: 'monthly',
        day: '15',
        start_time: '2030-01-01T09:30:00Z',
        end_time: '2030-12-31T00:00:00Z',
        status: 'inactive',
      },
      id,
    );
    expect(edited.body).toMatchObject({
      message: 'Schedule updated successfully',
      data: {
        title: 'Monthly reminder',
        status: 'inactive',
        day: 15,
        recipients_count: 2,
        next_run_at: '2030-01-15T02:30:00.000Z',
      },
    });
    const totalSchedulings = async () =>
      (await admin('GET', '/api/messages/statistics')).body.data.total_schedulings as number;
    const before = await totalSchedulings();
    const removed = await admin('DELETE', `/api/schedules/id/${id}`);
    expect(removed.body.message).toBe('Schedule deleted successfully');
    expect((await admin('GET', `/api/schedules/id/${id}`)).status).toBe(404);
    expect(await totalSchedulings()).toBe(before - 1);
    expect(
      (await env.database.db.select().from(schedules).where(eq(schedules.id, id)))[0]!.deletedAt,
    ).not.toBeNull();
  });

  it('validates with the spec texts and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { ...base(), title: '', schedule_type: 'once', start_time: '2030-01-01T09:00:00Z' },
        'Title is required',
      ],
      [
        { ...base(), title: 'x'.repeat(101), schedule_type: 'once', start_time: '2030-01-01T09:00:00Z' },
        'Title must be less than 100 characters',
      ],
      [
        {
          ...base(),
          description: 'x'.repeat(501),
          schedule_type: 'once',
          start_time: '2030-01-01T09:00:00Z',
        },
        'Description must be less than 500 characters',
      ],
      [{ ...base(), start_time: '2030-01-01T09:00:00Z' }, 'Schedule type is required'],
      [{ ...base(), schedule_type: 'once' }, 'Start time is required'],
      [
        {
          ...base(),
          schedule_type: 'repeat',
          start_time: '2030-01-01T09:00:00Z',
          end_time: '2030-02-01T09:00:00Z',
        },
        'Repeat type is required',
      ],
      [
        {
          ...base(),
          schedule_type: 'repeat',
          repeat_type: 'weekly',
          day: '2',
          start_time: '2030-01-01T09:00:00Z',
        },
        'End time is required',
      ],
      [
        {
          ...base(),
          schedule_type: 'repeat',
          repeat_type: 'weekly',
          start_time: '2030-01-01T09:00:00Z',
          end_time: '2030-02-01T09:00:00Z',
        },
        'Day is required',
      ],
      [
        {
          ...base(),
          schedule_type: 'repeat',
          repeat_type: 'weekly',
          day: '8',
          start_time: '2030-01-01T09:00:00Z',
          end_time: '2030-02-01T09:00:00Z',
        },
        'Day must be between 1 and 7',
      ],
      [
        { ...base(), integration_id: '', schedule_type: 'once', start_time: '2030-01-01T09:00:00Z' },
        'Integration is required',
      ],
      [
        { ...base(), recipent_type: '', schedule_type: 'once', start_time: '2030-01-01T09:00:00Z' },
        'Recipient type is required',
      ],
    ];
    const total = (await admin('GET', '/api/schedules')).body.meta.total;
    for (const [fields, message] of cases) {
      const response = await save(admin, fields);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await admin('GET', '/api/schedules')).body.meta.total).toBe(total);
  });

  it('keeps companies apart, follows the schedule permissions and downloads the history', async () => {
    const [done] = (await admin('GET', '/api/schedules?status=completed')).body.data;
    const adminB = await world.as(world.adminB);
    expect((await adminB('GET', `/api/schedules/id/${done.id}`)).status).toBe(404);
    expect((await adminB('GET', `/api/schedules/external/${done.external_id}/recipients`)).status).toBe(404);
    expect((await adminB('DELETE', `/api/schedules/id/${done.id}`)).status).toBe(404);
    const agent = await world.as(world.agentA);
    expect((await agent('GET', '/api/schedules')).status).toBe(200);
    expect(
      (await save(agent, { ...base(), schedule_type: 'once', start_time: '2030-01-01T09:00:00Z' })).status,
    ).toBe(403);
    expect((await agent('DELETE', `/api/schedules/id/${done.id}`)).status).toBe(403);
    const history = await admin('GET', '/api/schedules/download');
    expect(history.status).toBe(200);
    expect(history.headers['content-disposition']).toBe('attachment; filename="history-schedule.xlsx"');
  });
});
