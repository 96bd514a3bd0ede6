import { ROLE } from '@app/contract/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { browserSubscription, fakeFcm, fakeWebPush } from '../../test/fake-push.ts';
import { standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { notificationsService } from './notifications.service.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let webPush: Awaited<ReturnType<typeof fakeWebPush>>;
let fcm: Awaited<ReturnType<typeof fakeFcm>>;

beforeAll(async () => {
  webPush = await fakeWebPush();
  fcm = await fakeFcm();
  env = await startApp({ FCM_SERVICE_ACCOUNT: fcm.serviceAccount, FCM_BASE_URL: fcm.origin });
  world = await standardWorld(env);
});
afterAll(async () => {
  await env.close();
  await webPush.close();
  await fcm.close();
});

const notify = (audience: Parameters<ReturnType<typeof notificationsService>['notify']>[0], title: string) =>
  notificationsService(env.app.deps).notify(audience, { title, body: `${title} body`, typeMessage: 'Chat' });
/** Makes failed jobs due now instead of after their backoff, then runs everything due. */
async function runJobsNow() {
  await env.database.db.execute(sql`update jobs set run_at = now() where status = 'pending'`);
  await env.app.jobs.idle();
}
const devices = async (userId: number) =>
  env.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push subscriptions', () => {
  it('gives browsers one VAPID public key, kept across calls', async () => {
    const admin = await world.as(world.adminA);
    const first = (await admin('GET', '/api/notifications/push-config')).body.data.web_push_public_key;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    const again = await (await world.as(world.superAdmin))('GET', '/api/notifications/push-config');
    expect(again.body.data.web_push_public_key).toBe(first);
  });

  it('lets people subscribe only to their own topic, and refuses malformed tokens', async () => {
    const agent = await world.as(world.agentA);
    const token = browserSubscription(webPush.endpoint('agent-a')).json;
    const body = { token };
    const foreign = await agent('PUT', `/api/notifications/subscribe/${world.companyB.id}`, body);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("You can only receive your own company's notifications");
    expect((await agent('PUT', '/api/notifications/subscribe/super_admin', body)).status).toBe(403);
    const superAdmin = await world.as(world.superAdmin);
    expect((await superAdmin('PUT', `/api/notifications/subscribe/${world.companyA.id}`, body)).status).toBe(
      403,
    );
    expect((await agent('PUT', '/api/notifications/subscribe/alpha', body)).status).toBe(400);
    const broken = await agent('PUT', `/api/notifications/subscribe/${world.companyA.id}`, {
      token: '{"endpoint":1}',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Invalid push subscription');
    expect(await devices(world.agentA.id)).toEqual([]);

    const ok = await agent('PUT', `/api/notifications/subscribe/${world.companyA.id}`, body);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ topic: String(world.companyA.id), subscribed: true });
    // Subscribing twice keeps one device.
    await agent('PUT', `/api/notifications/subscribe/${world.companyA.id}`, body);
    expect(await devices(world.agentA.id)).toHaveLength(1);
    await agent('PUT', `/api/notifications/unsubscribe/${world.companyA.id}`, body);
    expect(await devices(world.agentA.id)).toEqual([]);
  });
});

describe('web push delivery', () => {
  it('sends each notification encrypted to its topic only, with the link its type opens', async () => {
    const adminA = browserSubscription(webPush.endpoint('admin-a'));
    const adminB = browserSubscription(webPush.endpoint('admin-b'));
    const boss = browserSubscription(webPush.endpoint('super-admin'));
    await (await world.as(world.adminA))('PUT', `/api/notifications/subscribe/${world.companyA.id}`, {
      token: adminA.json,
    });
    await (await world.as(world.adminB))('PUT', `/api/notifications/subscribe/${world.companyB.id}`, {
      token: adminB.json,
    });
    await (await world.as(world.superAdmin))('PUT', '/api/notifications/subscribe/super_admin', {
      token: boss.json,
    });
    webPush.received.length = 0;

    const [row] = await notify({ companyId: world.companyA.id }, 'New conversation');
    await notificationsService(env.app.deps).notify(
      { superAdmins: true },
      { title: 'Invoice paid', body: 'INV-7 paid', typeMessage: 'Transaction' },
    );
    await env.app.jobs.idle();

    expect(webPush.refused).toEqual([]);
    expect(webPush.received.map((push) => push.id).sort()).toEqual(['admin-a', 'super-admin']);
    const toAdmin = webPush.received.find((push) => push.id === 'admin-a');
    const adminRows = await (await world.as(world.adminA))('GET', '/api/notifications');
    const adminRow = adminRows.body.data.find((n: { title: string }) => n.title === 'New conversation');
    expect(adminA.decrypt(toAdmin?.body as Buffer)).toEqual({
      title: 'New conversation',
      body: 'New conversation body',
      type_message: 'Chat',
      notification_id: String(adminRow.id),
      link: '/client/messages',
    });
    expect(row).toBeDefined();
    expect(toAdmin?.ttl).toBe('3600');
    const toBoss = webPush.received.find((push) => push.id === 'super-admin');
    expect(boss.decrypt(toBoss?.body as Buffer)).toMatchObject({
      title: 'Invoice paid',
      link: '/super-admin/transactions',
    });
  });

  it('forgets a subscription the push service reports gone', async () => {
    webPush.state.expired.add('admin-a');
    await notify({ companyId: world.companyA.id }, 'Blast finished');
    await env.app.jobs.idle();
    expect(await devices(world.adminA.id)).toEqual([]);
    expect(await devices(world.adminB.id)).toHaveLength(1);
  });

  it('retries while the push service is down and delivers once it is back', async () => {
    webPush.received.length = 0;
    webPush.state.down = true;
    await notify({ companyId: world.companyB.id }, 'Schedule ran');
    await env.app.jobs.idle();
    expect(webPush.received).toEqual([]);
    webPush.state.down = false;
    await runJobsNow();
    expect(webPush.received.map((push) => push.id)).toEqual(['admin-b']);
  });
});

describe('FCM delivery', () => {
  it('sends through FCM v1 with one cached OAuth token and deletes unregistered tokens', async () => {
    const agent = await world.as(world.agentA);
    const topic = `/api/notifications/subscribe/${world.companyA.id}`;
    await agent('PUT', topic, { token: 'fcm-live-token' });
    await (await world.as(world.adminA))('PUT', topic, { token: 'fcm-dead-token' });
    fcm.state.unregistered.add('fcm-dead-token');

    await notify({ companyId: world.companyA.id }, 'Ticket assigned');
    await notify({ companyId: world.companyA.id }, 'Ticket overdue');
    await env.app.jobs.idle();

    expect(fcm.tokenRequests).toEqual([
      {
        iss: 'push@demo-project.iam.gserviceaccount.com',
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
      },
    ]);
    expect(fcm.messages.map((sent) => [sent.path, sent.message.token, sent.message.data.title])).toEqual([
      ['/v1/projects/demo-project/messages:send', 'fcm-live-token', 'Ticket assigned'],
      ['/v1/projects/demo-project/messages:send', 'fcm-live-token', 'Ticket overdue'],
    ]);
    expect(fcm.messages[0]?.message.notification).toEqual({
      title: 'Ticket assigned',
      body: 'Ticket assigned body',
    });
    expect((await devices(world.adminA.id)).map((device) => device.token)).toEqual([]);
    expect((await devices(world.agentA.id)).map((device) => device.token)).toEqual(['fcm-live-token']);
  });

  it('refuses FCM tokens when FCM is not configured', async () => {
    const bare = await startApp();
    try {
      const local = await standardWorld(bare);
      const admin = await local.as(local.adminA);
      const refused = await admin('PUT', `/api/notifications/subscribe/${local.companyA.id}`, {
        token: 'fcm-x',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Firebase Cloud Messaging is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});

describe('the notifications preference', () => {
  it('skips the pushes of someone who turned notifications off, yet still rings their bell', async () => {
    const quiet = await world.make.user(ROLE.clientUser, world.companyA.id);
    const loud = await world.make.user(ROLE.clientUser, world.companyA.id);
    const asQuiet = await world.as(quiet);
    const topic = `/api/notifications/subscribe/${world.companyA.id}`;
    await asQuiet('PUT', topic, { token: browserSubscription(webPush.endpoint('quiet')).json });
    await asQuiet('PUT', topic, { token: 'fcm-quiet-token' });
    await (await world.as(loud))('PUT', topic, {
      token: browserSubscription(webPush.endpoint('loud')).json,
    });
    const preferences = `/api/users/external/${quiet.externalId}/preferences`;
    // Never saved: notifications are on, as the preferences endpoint answers.
    expect((await asQuiet('GET', preferences)).body.data.notifications).toBe(true);
    expect((await asQuiet('PUT', preferences, { notifications: false })).body.data.notifications).toBe(false);

    const frames: BusEvent[] = [];
    const unsubscribe = env.app.deps.bus.subscribe((event) => frames.push(event));
    const admin = await world.as(world.adminA);
    /** A real event that notifies the whole company: the admin adds someone. */
    const addUser = async (name: string) => {
      webPush.received.length = 0;
      fcm.messages.length = 0;
      const email = `${name.toLowerCase().replaceAll(' ', '.')}@alpha.example.com`;
      const created = await admin('POST', '/api/users', {
        full_name: name,
        email,
        password: 'secret-pass-1',
        phone: '6281234567890',
      });
      expect(created.status).toBe(201);
      await env.app.jobs.idle();
    };
    const pushedTo = () => webPush.received.map((push) => push.id).sort();
    const fcmTokens = () => fcm.messages.map((sent) => sent.message.token);
    try {
      await addUser('Muted Morning');
      expect(pushedTo()).toEqual(['loud']);
      expect(fcmTokens()).not.toContain('fcm-quiet-token');
      expect(fcmTokens()).toContain('fcm-live-token');
      const bell = await asQuiet('GET', '/api/notifications');
      expect(bell.body.data[0]).toMatchObject({ title: 'New user added', is_read: false });
      expect(bell.body.data[0].body).toContain('Muted Morning');
      await expect
        .poll(() => frames.find((frame) => frame.type === 'notification' && frame.userId === quiet.id))
        .toMatchObject({ notification: { title: 'New user added' } });

      expect((await asQuiet('PUT', preferences, { notifications: true })).body.data.notifications).toBe(true);
      await addUser('Loud Evening');
      expect(pushedTo()).toEqual(['loud', 'quiet']);
      expect(fcmTokens()).toContain('fcm-quiet-token');
      expect(await devices(quiet.id)).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });
});
