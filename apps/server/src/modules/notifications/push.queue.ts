import { PUSH_TOPIC_SUPER_ADMIN, type PushPayload, pushLink } from '@app/contract/notifications';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { insertJobs } from '../../jobs/queue.ts';
import type { NotificationRow } from './notifications.repo.ts';

/** One job per device and notification, run by the push service's worker. */
export const PUSH_SEND_JOB = 'push.send';
export interface PushSendJob {
  subscriptionId: number;
  payload: PushPayload;
}

/** The topic a notification row belongs to: its company, or the super admins'. */
const topicOf = (row: Pick<NotificationRow, 'companyId'>) =>
  row.companyId === null ? PUSH_TOPIC_SUPER_ADMIN : String(row.companyId);

/**
 * Queues a push to every device of each recipient subscribed to the notification's topic, in the
 * caller's transaction when `db` is one. The rows of one notification share their topic.
 */
export async function queuePushes(db: Db, rows: NotificationRow[]) {
  const [first] = rows;
  if (!first) return;
  const devices = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, topic: pushSubscriptions.topic })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(
          pushSubscriptions.userId,
          rows.map((row) => row.userId),
        ),
        eq(pushSubscriptions.topic, topicOf(first)),
      ),
    );
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  const jobs = devices.flatMap((device): PushSendJob[] => {
    const row = byUser.get(device.userId);
    if (!row) return [];
    const type = row.typeMessage as PushPayload['type_message'];
    return [
      {
        subscriptionId: device.id,
        payload: {
          title: row.title,
          body: row.body,
          type_message: type,
          notification_id: String(row.id),
          link: pushLink(type, device.topic === PUSH_TOPIC_SUPER_ADMIN),
        },
      },
    ];
  });
  await insertJobs(db, PUSH_SEND_JOB, jobs as unknown as Record<string, unknown>[]);
}
