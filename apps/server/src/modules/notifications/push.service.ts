import { PUSH_TOPIC_SUPER_ADMIN } from '@app/contract/notifications';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { platformSettings } from '../../db/schema/platform.ts';
import type { Deps } from '../../deps.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { fcmSender } from '../../providers/push/fcm.ts';
import type { PushSender, PushTarget } from '../../providers/push/port.ts';
import { generateVapidKeys, type VapidKeys, webPushSender } from '../../providers/push/web-push.ts';
import { PUSH_SEND_JOB, type PushSendJob } from './push.queue.ts';

const VAPID_SETTING = 'web_push_vapid_keys';

const webPushSubscription = z.object({
  endpoint: z.string().url().startsWith('http'),
  keys: z.object({ p256dh: z.string().min(80).max(120), auth: z.string().min(16).max(32) }),
});

/**
 * Devices subscribe to a topic; `queuePushes` queues one durable job per device and notification,
 * which this service sends: a push service that is down is retried with backoff, a device it
 * reports gone is forgotten.
 */
export function pushService({ db, config, log }: Pick<Deps, 'db' | 'config' | 'log'>, queue: JobQueue) {
  let vapid: Promise<VapidKeys | null> | null = null;
  /** The configured pair, else the one kept in the database (the first process to start makes it). */
  function vapidKeys() {
    vapid ??= (async () => {
      if (!config.push.webPush) return null;
      if (config.push.vapidKeys) return config.push.vapidKeys;
      await db
        .insert(platformSettings)
        .values({ key: VAPID_SETTING, value: generateVapidKeys() })
        .onConflictDoNothing();
      const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, VAPID_SETTING));
      return row?.value as VapidKeys;
    })();
    return vapid;
  }
  let webPush: Promise<PushSender | null> | null = null;
  const webPushSenderOnce = () => {
    webPush ??= vapidKeys().then((keys) => keys && webPushSender(keys, config.push.vapidSubject));
    return webPush;
  };
  const fcm = config.push.fcm ? fcmSender(config.push.fcm.account, config.push.fcm.baseUrl) : null;

  function mayUse(principal: Principal, topic: string) {
    const allowed = principal.isSuperAdmin
      ? topic === PUSH_TOPIC_SUPER_ADMIN
      : principal.companyId !== null && topic === String(principal.companyId);
    if (!allowed) throw forbidden("You can only receive your own company's notifications");
  }

  async function targetOf(
    token: string,
  ): Promise<Omit<typeof pushSubscriptions.$inferInsert, 'userId' | 'topic'>> {
    if (!token.startsWith('{')) {
      if (!fcm) throw badRequest('Firebase Cloud Messaging is not configured on this server');
      return { kind: 'fcm', token };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(token);
    } catch {
      parsed = null;
    }
    const subscription = webPushSubscription.safeParse(parsed);
    if (!subscription.success) throw badRequest('Invalid push subscription');
    if (!(await webPushSenderOnce())) throw badRequest('Web Push is turned off on this server');
    const { endpoint, keys } = subscription.data;
    return { kind: 'webpush', token: endpoint, p256dh: keys.p256dh, auth: keys.auth };
  }

  /** The stored form of a token, to find it again on unsubscribe. */
  function storedToken(token: string) {
    if (!token.startsWith('{')) return token;
    try {
      return String((JSON.parse(token) as { endpoint?: unknown }).endpoint ?? token);
    } catch {
      return token;
    }
  }

  queue.define<PushSendJob>(PUSH_SEND_JOB, {
    maxAttempts: 5,
    async run({ subscriptionId, payload }) {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      if (!row) return;
      const target: PushTarget =
        row.kind === 'fcm'
          ? { kind: 'fcm', token: row.token }
          : { kind: 'webpush', endpoint: row.token, p256dh: row.p256dh ?? '', auth: row.auth ?? '' };
      const sender = row.kind === 'fcm' ? fcm : await webPushSenderOnce();
      if (!sender) return;
      const outcome = await sender.send(target, payload);
      if (outcome.status === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
        log.info({ subscription: row.id, reason: outcome.reason }, 'push subscription gone, deleted');
      } else if (outcome.status === 'retry') {
        throw new Error(`push will be retried: ${outcome.reason}`);
      } else if (outcome.status === 'failed') {
        log.warn({ subscription: row.id, reason: outcome.reason }, 'push refused');
      }
    },
  });

  return {
    async publicConfig() {
      const keys = await vapidKeys();
      return { web_push_public_key: keys?.publicKey ?? null };
    },

    async subscribe(principal: Principal, topic: string, token: string) {
      mayUse(principal, topic);
      const target = await targetOf(token);
      // The same device signing in as someone else now receives that person's pushes.
      await db
        .insert(pushSubscriptions)
        .values({ ...target, userId: principal.userId, topic })
        .onConflictDoUpdate({
          target: [pushSubscriptions.topic, pushSubscriptions.token],
          set: { userId: principal.userId, p256dh: target.p256dh ?? null, auth: target.auth ?? null },
        });
    },

    async unsubscribe(principal: Principal, topic: string, token: string) {
      mayUse(principal, topic);
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.userId, principal.userId),
            eq(pushSubscriptions.topic, topic),
            eq(pushSubscriptions.token, storedToken(token)),
          ),
        );
    },
  };
}
export type PushService = ReturnType<typeof pushService>;
