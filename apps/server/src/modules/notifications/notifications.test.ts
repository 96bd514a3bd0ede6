import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { notificationsService } from './notifications.service.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  const { notify } = notificationsService(env.app.deps);
  await notify(
    { companyId: world.companyA.id },
    { title: 'Blast finished', body: 'Promo sent to 10 contacts', typeMessage: 'Blast' },
  );
  await notify(
    { companyId: world.companyA.id },
    { title: 'New conversation', body: 'Andi wrote', typeMessage: 'Chat' },
  );
  await notify(
    { superAdmins: true },
    { title: 'Invoice paid', body: 'INV-1 paid', typeMessage: 'Transaction' },
  );
});
afterAll(() => env.close());

describe('notifications', () => {
  it('lists the caller own notifications, newest first, with an unread filter and count', async () => {
    const agent = await world.as(world.agentA);
    const all = await agent('GET', '/api/notifications');
    expect(all.body.data.map((n: { title: string }) => n.title)).toEqual([
      'New conversation',
      'Blast finished',
    ]);
    expect(all.body.meta.total).toBe(2);
    expect((await agent('GET', '/api/notifications/unread-count')).body.data.unread).toBe(2);
    const superAdmin = await world.as(world.superAdmin);
    expect(
      (await superAdmin('GET', '/api/notifications')).body.data.map((n: { title: string }) => n.title),
    ).toEqual(['Invoice paid']);
    expect((await (await world.as(world.adminB))('GET', '/api/notifications')).body.data).toEqual([]);
  });

  it('marks one read, only for its recipient', async () => {
    const agent = await world.as(world.agentA);
    const admin = await world.as(world.adminA);
    const [first] = (await agent('GET', '/api/notifications')).body.data;
    const foreign = await (await world.as(world.adminB))('PUT', `/api/notifications/id/${first.id}/read`);
    expect(foreign.status).toBe(404);
    const read = await agent('PUT', `/api/notifications/id/${first.id}/read`);
    expect(read.body.data.is_read).toBe(true);
    expect(
      (await agent('GET', '/api/notifications?is_read=false')).body.data.map(
        (n: { title: string }) => n.title,
      ),
    ).toEqual(['Blast finished']);
    // The admin's copy of the same event is untouched.
    expect((await admin('GET', '/api/notifications/unread-count')).body.data.unread).toBe(2);
  });

  it('marks all read', async () => {
    const admin = await world.as(world.adminA);
    expect((await admin('PUT', '/api/notifications/read-all')).body.data.updated).toBe(2);
    expect((await admin('GET', '/api/notifications/unread-count')).body.data.unread).toBe(0);
  });

  it('needs a signed-in caller and a valid filter', async () => {
    expect((await client(env.app)('GET', '/api/notifications')).status).toBe(401);
    expect((await (await world.as(world.agentA))('GET', '/api/notifications?is_read=maybe')).status).toBe(
      400,
    );
  });
});
