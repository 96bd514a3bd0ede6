import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { runSlaWatcher } from '../../jobs/sla-watcher.ts';
import { type Client, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { activeTelegram, postTelegram, telegramUpdate } from '../../test/messaging.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let agent: Client;
let other: Client;
let categoryId: number;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const valid = () => ({
  title: 'Cannot log in',
  description: 'The customer cannot log in since this morning',
  customer_name: 'Rina',
  assignee_id: world.agentA.id,
  category_id: categoryId,
  priority: 'high',
  escalation_level: 'level 1',
  sla_target: 4,
  due_date: inHours(4),
  status: 'open',
  tags: ' login, urgent ,, login ',
  resource_id: '',
  resource_from: 'manual',
});

const notesOf = async (userId: number) =>
  env.database.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  agent = await world.as(world.agentA);
  other = await world.as(world.adminB);
  const created = await admin('POST', '/api/tickets/categories', {
    name: 'Account',
    description: 'Sign-in and account problems',
    default_sla: 90,
    icon: 'question',
    company_id: 999,
  });
  expect(created.status).toBe(201);
  categoryId = created.body.data.id;
});
afterAll(() => env.close());

describe('ticket categories', () => {
  it('creates, lists, updates and deletes with the spec messages', async () => {
    const created = await admin('POST', '/api/tickets/categories', {
      name: 'Billing',
      description: 'Invoices',
      default_sla: 0,
      icon: 'money',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Ticket category created successfully');
    expect(created.body.data).toMatchObject({
      name: 'Billing',
      default_sla: 0,
      icon: 'money',
      company_id: world.companyA.id,
    });
    const list = await admin('GET', '/api/tickets/categories?limit=50');
    expect(list.body.data.map((c: { name: string }) => c.name).sort()).toEqual(['Account', 'Billing']);
    const updated = await admin('PUT', `/api/tickets/categories/id/${created.body.data.id}`, {
      name: 'Billing & payments',
      description: 'Invoices and payments',
      default_sla: 120,
      icon: 'money',
    });
    expect(updated.body.message).toBe('Ticket category updated successfully');
    expect(updated.body.data.default_sla).toBe(120);
    const dup = await admin('POST', '/api/tickets/categories', {
      name: 'account',
      description: 'x',
      default_sla: 1,
      icon: 'note',
    });
    expect(dup.status).toBe(409);
    const deleted = await admin('DELETE', `/api/tickets/categories/id/${created.body.data.id}`);
    expect(deleted.body.message).toBe('Category deleted successfully');
    expect((await admin('DELETE', `/api/tickets/categories/id/${created.body.data.id}`)).status).toBe(404);
  });

  it('validates name, description, default SLA and icon', async () => {
    const base = { name: 'X', description: 'Y', default_sla: 10, icon: 'chat' };
    const cases: [object, string][] = [
      [{ ...base, name: '  ' }, 'Name is required'],
      [{ ...base, name: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
      [{ ...base, description: '' }, 'Description is required'],
      [{ ...base, description: 'd'.repeat(501) }, 'Description must be less than 500 characters'],
      [{ ...base, default_sla: undefined }, 'Default SLA is required'],
      [{ ...base, default_sla: -1 }, 'Default SLA must be positive'],
      [{ ...base, icon: undefined }, 'Icon is required'],
      [{ ...base, icon: 'rocket' }, 'Icon is required'],
    ];
    for (const [body, message] of cases) {
      const response = await admin('POST', '/api/tickets/categories', body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it("keeps categories to their company: another company's id answers 404", async () => {
    expect((await other('GET', '/api/tickets/categories')).body.data).toEqual([]);
    const body = { name: 'Hijack', description: 'x', default_sla: 1, icon: 'note' };
    expect((await other('PUT', `/api/tickets/categories/id/${categoryId}`, body)).status).toBe(404);
    expect((await other('DELETE', `/api/tickets/categories/id/${categoryId}`)).status).toBe(404);
  });
});

describe('tickets', () => {
  it('creates a ticket with a TCK number, trimmed tags, the creation activity, and tells the assignee', async () => {
    const response = await admin('POST', '/api/tickets', valid());
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Ticket created successfully');
    const t = response.body.data;
    expect(t.ticket_number).toMatch(/^TCK-\d{6}$/);
    expect(t).toMatchObject({
      title: 'Cannot log in',
      customer_name: 'Rina',
      assignee_id: world.agentA.id,
      assignee_name: expect.any(String),
      category: 'Account',
      priority: 'high',
      escalation_level: 'level 1',
      tags: ['login', 'urgent'],
      sla_target: 4,
      status: 'open',
      resource_from: 'manual',
      resource_id: null,
    });
    expect(t.activity_list).toHaveLength(1);
    expect(t.activity_list[0]).toMatchObject({ action: 'CREATE', actor_info: { id: world.adminA.id } });
    const notes = await notesOf(world.agentA.id);
    expect(notes.some((n) => n.typeMessage === 'Ticket' && n.body.includes(t.ticket_number))).toBe(true);
  });

  it('validates every field with the texts of §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ title: 't'.repeat(101) }, 'Title must be less than 100 characters'],
      [{ description: ' ' }, 'Description is required'],
      [{ assignee_id: undefined }, 'Assignee is required'],
      [{ assignee_id: '' }, 'Assignee is required'],
      [{ category_id: undefined }, 'Category is required'],
      [{ priority: 'urgent' }, 'Priority is required'],
      [{ escalation_level: undefined }, 'Escalation Level is required'],
      [{ sla_target: 0 }, 'SLA target must be at least 1 hour'],
      [{ sla_target: 0.5 }, 'SLA target must be at least 1 hour'],
      [{ due_date: undefined }, 'Due date is required'],
      [{ due_date: '' }, 'Due date is required'],
      [{ due_date: 'tomorrow' }, 'Due date must be a valid date'],
      [{ status: 'pending' }, 'Status is required'],
    ];
    for (const [change, message] of cases) {
      const response = await admin('POST', '/api/tickets', { ...valid(), ...change });
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const status = await admin('PUT', '/api/tickets/id/1/status', {});
    expect(status.body.message).toBe('Status is required');
  });

  it('takes the category default SLA when no target is given, the 24 h default without one', async () => {
    const withCategory = await admin('POST', '/api/tickets', { ...valid(), sla_target: undefined });
    expect(withCategory.body.data.sla_target).toBe(1.5);
    const none = await admin('POST', '/api/tickets/categories', {
      name: 'No SLA',
      description: 'x',
      default_sla: 0,
      icon: 'note',
    });
    const without = await admin('POST', '/api/tickets', {
      ...valid(),
      category_id: none.body.data.id,
      sla_target: null,
    });
    expect(without.body.data.sla_target).toBeNull();
  });

  it('gives 50 concurrent creates 50 distinct numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        agent('POST', '/api/tickets', { ...valid(), title: `Parallel ${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = new Set(results.map((r) => r.body.data.ticket_number));
    expect(numbers.size).toBe(50);
    // Numbers are per company: Beta starts at 1.
    const [assignee] = (await other('GET', '/api/tickets/assignees')).body.data;
    const [cat] = (
      await Promise.all([
        other('POST', '/api/tickets/categories', {
          name: 'B',
          description: 'b',
          default_sla: 0,
          icon: 'note',
        }),
      ])
    ).map((r) => r.body.data);
    const beta = await other('POST', '/api/tickets', {
      ...valid(),
      assignee_id: assignee.user_info.id,
      category_id: cat.id,
    });
    expect(beta.body.data.ticket_number).toBe('TCK-000001');
  });

  it('writes an activity for every change, with a true "from", and tells a new assignee', async () => {
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    const [secondCategory] = (await admin('GET', '/api/tickets/categories?search=No%20SLA')).body.data;
    const updated = await admin('PUT', `/api/tickets/id/${created.id}`, {
      title: 'Cannot log in on mobile',
      description: 'Only on the Android app',
      customer_name: 'Rina Wijaya',
      assignee_id: world.adminA.id,
      category_id: secondCategory.id,
      priority: 'low',
      escalation_level: 'level 2',
      sla_target: 8,
      due_date: inHours(8),
      tags: 'android',
      status: 'in_progress',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Ticket updated successfully');
    const actions = updated.body.data.activity_list.map((a: { action: string }) => a.action);
    expect(actions).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'ASSIGN',
      'UPDATE',
      'PRIORITY',
      'ESCALATION',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'STATUS',
    ]);
    const details = updated.body.data.activity_list.map((a: { details: string }) => a.details);
    expect(details).toContain('Priority changed from high to low');
    expect(details).toContain('Status changed from open to in_progress');
    expect(details.some((d: string) => d.startsWith('Assignee changed from'))).toBe(true);

    // Nothing changed: nothing written.
    const same = await admin('PUT', `/api/tickets/id/${created.id}`, { priority: 'low' });
    expect(same.body.data.activity_list).toHaveLength(12);

    // Assigning someone else tells them.
    const before = (await notesOf(world.agentA.id)).length;
    await admin('PUT', `/api/tickets/id/${created.id}`, { assignee_id: world.agentA.id });
    expect((await notesOf(world.agentA.id)).length).toBe(before + 1);

    const status = await agent('PUT', `/api/tickets/id/${created.id}/status`, { status: 'resolved' });
    expect(status.body.message).toBe('Status updated successfully');
    expect(status.body.data.status).toBe('resolved');
    expect(status.body.data.activity_list.at(-1)).toMatchObject({
      action: 'STATUS',
      details: 'Status changed from in_progress to resolved',
      actor_info: { id: world.agentA.id },
    });
    // Any status from any state (§4).
    for (const next of ['closed', 'open', 'in_progress']) {
      expect(
        (await agent('PUT', `/api/tickets/id/${created.id}/status`, { status: next })).body.data.status,
      ).toBe(next);
    }

    const comment = await agent('POST', `/api/tickets/id/${created.id}/activities`, {
      details: '  Called the customer  ',
      action: 'COMMENT',
    });
    expect(comment.status).toBe(201);
    expect(comment.body.message).toBe('Comment added successfully');
    expect(comment.body.data.activity_list.at(-1)).toMatchObject({
      action: 'COMMENT',
      details: 'Called the customer',
    });
    const empty = await agent('POST', `/api/tickets/id/${created.id}/activities`, {
      details: '   ',
      action: 'COMMENT',
    });
    expect(empty.body.message).toBe('Comment is required');
    const forged = await agent('POST', `/api/tickets/id/${created.id}/activities`, {
      details: 'Status changed from open to closed',
      action: 'STATUS',
    });
    expect(forged.status).toBe(400);
  });

  it('refuses an assignee or category of another company', async () => {
    const foreign = await admin('POST', '/api/tickets', { ...valid(), assignee_id: world.adminB.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Assignee must be an active user of your company');
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    const update = await admin('PUT', `/api/tickets/id/${created.id}`, { assignee_id: world.superAdmin.id });
    expect(update.status).toBe(400);
    const betaCategory = (await other('GET', '/api/tickets/categories')).body.data[0];
    expect((await admin('POST', '/api/tickets', { ...valid(), category_id: betaCategory.id })).status).toBe(
      400,
    );
    const options = (await admin('GET', '/api/tickets/assignees')).body.data;
    expect(options.map((o: { user_info: { id: number } }) => o.user_info.id).sort()).toEqual(
      [world.adminA.id, world.agentA.id].sort(),
    );
    expect(options[0].user_info).toEqual({
      id: expect.any(Number),
      external_id: expect.any(String),
      full_name: expect.any(String),
    });
  });

  it("answers 404 'Data ticket not found' for another company's ticket", async () => {
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    const get = await other('GET', `/api/tickets/id/${created.id}`);
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('Data ticket not found');
    expect((await other('PUT', `/api/tickets/id/${created.id}`, { title: 'x' })).status).toBe(404);
    expect((await other('PUT', `/api/tickets/id/${created.id}/status`, { status: 'closed' })).status).toBe(
      404,
    );
    expect(
      (await other('POST', `/api/tickets/id/${created.id}/activities`, { details: 'x', action: 'COMMENT' }))
        .status,
    ).toBe(404);
    expect((await other('DELETE', `/api/tickets/id/${created.id}`)).status).toBe(404);
    expect(
      (await other('GET', '/api/tickets?limit=100')).body.data.some(
        (t: { id: number }) => t.id === created.id,
      ),
    ).toBe(false);
    expect((await admin('GET', `/api/tickets/id/${created.id}`)).body.data.title).toBe('Cannot log in');
    expect((await admin('GET', '/api/tickets/id/99999')).status).toBe(404);
  });

  it('lists with search and every selected status, priority and category', async () => {
    const base = valid();
    const a = (await admin('POST', '/api/tickets', { ...base, title: 'Filter alpha', priority: 'low' })).body
      .data;
    const b = (await admin('POST', '/api/tickets', { ...base, title: 'Filter beta', priority: 'medium' }))
      .body.data;
    const c = (await admin('POST', '/api/tickets', { ...base, title: 'Filter gamma', priority: 'high' })).body
      .data;
    await admin('PUT', `/api/tickets/id/${b.id}/status`, { status: 'closed' });
    const ids = async (query: string) =>
      (await admin('GET', `/api/tickets?limit=100&search=Filter&${query}`)).body.data.map(
        (t: { id: number }) => t.id,
      );
    expect((await ids('')).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await ids('priority=low,high')).sort()).toEqual([a.id, c.id].sort());
    expect((await ids('status=open,closed&priority=medium')).sort()).toEqual([b.id]);
    expect(await ids('status=resolved')).toEqual([]);
    expect((await ids(`category=${categoryId},999`)).length).toBe(3);
    const page = await admin('GET', '/api/tickets?search=Filter&limit=2&page=1');
    expect(page.body.meta).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      order_by: 'created_at',
      sort_by: 'desc',
    });
    expect((await admin('GET', '/api/tickets?status=nope')).status).toBe(400);
    expect((await admin('GET', '/api/tickets?search=%25')).status).toBe(200);
  });

  it('deletes a ticket with ticket_delete only', async () => {
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    expect((await agent('DELETE', `/api/tickets/id/${created.id}`)).status).toBe(403);
    expect((await admin('DELETE', `/api/tickets/id/${created.id}`)).body.message).toBe(
      'Ticket deleted successfully',
    );
    expect((await admin('GET', `/api/tickets/id/${created.id}`)).status).toBe(404);
  });

  it("moves the dashboard's Total Tickets at once when a ticket is opened or deleted", async () => {
    const totalTickets = async () =>
      (await admin('GET', '/api/messages/statistics')).body.data.total_tickets as number;
    const before = await totalTickets();
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    expect(await totalTickets()).toBe(before + 1);
    expect((await admin('DELETE', `/api/tickets/id/${created.id}`)).status).toBe(200);
    expect(await totalTickets()).toBe(before);
  });

  it('counts a deleted ticket off on the day it was opened, not on the day it is deleted', async () => {
    const created = (await admin('POST', '/api/tickets', valid())).body.data;
    // As if opened two days ago: the ticket and its count.
    const opened = new Date(Date.now() - 2 * 86_400_000);
    const { db } = env.database;
    await db.update(tickets).set({ createdAt: opened }).where(eq(tickets.id, created.id));
    await incrementDaily(db, world.companyA.id, 'tickets', -1);
    await incrementDaily(db, world.companyA.id, 'tickets', 1, opened);
    const ticketTrend = async () =>
      (await admin('GET', '/api/messages/statistics/trend')).body.data.tickets.map(
        (point: { count: number }) => point.count,
      ) as number[];
    const before = await ticketTrend();
    expect((await admin('DELETE', `/api/tickets/id/${created.id}`)).status).toBe(200);
    const after = await ticketTrend();
    expect(after.at(-3)).toBe(before.at(-3)! - 1);
    expect(after.at(-1)).toBe(before.at(-1));
  });

  it('refuses without ticket_create / ticket_update with the spec wording', async () => {
    const superAdmin = await world.as(world.superAdmin);
    const role = (await superAdmin('GET', '/api/rbac/roles?search=client_user')).body.data[0];
    const kept = role.policies
      .filter((p: { action: string }) => p.action !== 'ticket_create' && p.action !== 'ticket_update')
      .map((p: { action: string }) => ({ action: p.action }));
    expect((await superAdmin('PUT', `/api/rbac/roles/id/${role.id}`, { policies: kept })).status).toBe(200);
    try {
      const created = (await admin('POST', '/api/tickets', valid())).body.data;
      const create = await agent('POST', '/api/tickets', valid());
      expect(create.status).toBe(403);
      expect(create.body.message).toBe("You don't have permission to create tickets");
      const fromChat = await agent('POST', '/api/tickets/chat', {
        chat_content: 'x',
        chat_id: 'y',
        customer_name: 'z',
      });
      expect(fromChat.body.message).toBe("You don't have permission to create tickets");
      for (const [method, url, body] of [
        ['PUT', `/api/tickets/id/${created.id}`, { title: 'x' }],
        ['PUT', `/api/tickets/id/${created.id}/status`, { status: 'closed' }],
        ['POST', `/api/tickets/id/${created.id}/activities`, { details: 'x', action: 'COMMENT' }],
      ] as const) {
        const response = await agent(method, url, body);
        expect(response.status).toBe(403);
        expect(response.body.message).toBe("You don't have permission to update ticket");
      }
      expect((await agent('GET', `/api/tickets/id/${created.id}`)).status).toBe(200);
      expect((await signIn(env.app, world.agentA.email)).user.permissions).not.toContain('ticket_create');
    } finally {
      await superAdmin('PUT', `/api/rbac/roles/id/${role.id}`, {
        policies: role.policies.map((p: { action: string }) => ({ action: p.action })),
      });
    }
    expect((await fetchAnonymous()).status).toBe(401);
  });
});

const fetchAnonymous = () =>
  env.app.inject({ method: 'GET', url: '/api/tickets' }).then((r) => ({ status: r.statusCode }));

describe('tickets from chat', () => {
  it('creates a chat ticket from a message of one of the company rooms', async () => {
    const bot = await activeTelegram(env, admin);
    const rina = { id: 7700112233, name: 'Rina' };
    expect(
      (
        await postTelegram(
          env,
          bot.webhook,
          bot.secret,
          telegramUpdate(4242, rina, 'Paket saya belum sampai\nSudah 5 hari'),
        )
      ).statusCode,
    ).toBe(200);
    const missing = await admin('POST', '/api/tickets/chat', {
      chat_content: 'Paket saya belum sampai',
      chat_id: '7700112233@telegram',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Customer name is required to create a ticket');
    const blank = await admin('POST', '/api/tickets/chat', {
      chat_content: 'x',
      chat_id: '7700112233@telegram',
      customer_name: '  ',
    });
    expect(blank.body.message).toBe('Customer name is required to create a ticket');

    const response = await admin('POST', '/api/tickets/chat', {
      chat_content: 'Paket saya belum sampai\nSudah 5 hari',
      chat_id: '7700112233@telegram',
      customer_name: 'Rina',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Ticket created successfully');
    expect(response.body.data).toMatchObject({
      title: 'Paket saya belum sampai',
      description: 'Paket saya belum sampai\nSudah 5 hari',
      customer_name: 'Rina',
      resource_id: '7700112233@telegram',
      resource_from: 'chat',
      priority: 'medium',
      escalation_level: 'level 1',
      status: 'open',
    });
    expect(response.body.data.activity_list[0].details).toBe('Ticket created from chat');
    const due = Date.parse(response.body.data.due_date) - Date.now();
    expect(due).toBeGreaterThan(23 * 3_600_000);

    // The dialog may send the full form.
    const full = await admin('POST', '/api/tickets/chat', {
      chat_content: 'Paket saya belum sampai',
      chat_id: '7700112233@telegram',
      customer_name: 'Rina',
      title: 'Late parcel',
      description: 'Parcel late by five days',
      assignee_id: world.agentA.id,
      category_id: categoryId,
      priority: 'high',
      escalation_level: 'level 2',
      due_date: inHours(2),
      tags: ['shipping'],
    });
    expect(full.body.data).toMatchObject({
      title: 'Late parcel',
      assignee_id: world.agentA.id,
      sla_target: 1.5,
    });

    const foreign = await other('POST', '/api/tickets/chat', {
      chat_content: 'x',
      chat_id: '7700112233@telegram',
      customer_name: 'Rina',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Chat not found');
  });
});

describe('SLA watcher', () => {
  it('reports an overdue unresolved ticket once, to the assignee and the company', async () => {
    const created = (await admin('POST', '/api/tickets', { ...valid(), title: 'Overdue one' })).body.data;
    const resolved = (await admin('POST', '/api/tickets', { ...valid(), title: 'Resolved one' })).body.data;
    await admin('PUT', `/api/tickets/id/${resolved.id}/status`, { status: 'resolved' });
    const past = new Date(Date.now() - 60_000);
    await env.database.db.update(tickets).set({ dueDate: past }).where(eq(tickets.id, created.id));
    await env.database.db.update(tickets).set({ dueDate: past }).where(eq(tickets.id, resolved.id));
    // Other overdue tickets made by earlier tests are reported in the same run.
    await runSlaWatcher(env.app.deps);

    const assigneeNotes = (await notesOf(world.agentA.id)).filter(
      (n) => n.body.includes(created.ticket_number) && n.title.startsWith('Ticket overdue'),
    );
    const adminNotes = (await notesOf(world.adminA.id)).filter(
      (n) => n.body.includes(created.ticket_number) && n.title.startsWith('Ticket overdue'),
    );
    expect(assigneeNotes).toHaveLength(1);
    expect(adminNotes).toHaveLength(1);
    expect(assigneeNotes[0]!.typeMessage).toBe('Ticket');
    expect((await notesOf(world.adminB.id)).some((n) => n.body.includes(created.ticket_number))).toBe(false);
    expect((await notesOf(world.adminA.id)).some((n) => n.body.includes(resolved.ticket_number))).toBe(false);

    expect(await runSlaWatcher(env.app.deps)).toBe(0);
    const detail = (await admin('GET', `/api/tickets/id/${created.id}`)).body.data;
    expect(detail.sla_breached).toBe(true);
    expect(detail.activity_list.filter((a: { action: string }) => a.action === 'SLA_BREACH')).toHaveLength(1);
    expect(detail.activity_list.at(-1).actor_info).toEqual({ id: null, name: 'System', avatar: null });

    // A new due date is watched again.
    await admin('PUT', `/api/tickets/id/${created.id}`, {
      due_date: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await runSlaWatcher(env.app.deps)).toBe(1);
  });
});
