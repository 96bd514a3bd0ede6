import { PUSH_TOPIC_SUPER_ADMIN, type PushPayload, pushLink } from '@app/contract/notifications';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { userPreferences } from '../../db/schema/users.ts';
import { insertJobs } from '../../jobs/queue.ts';
import { DEFAULT_PREFERENCES } from '../users/users.presenter.ts';
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
 * Whether a person's devices get pushes: their `notifications` preference, or when they never saved
 * preferences the default that GET /api/users/external/{id}/preferences answers (on).
 */
const wantsPushes = DEFAULT_PREFERENCES.notifications
  ? or(isNull(userPreferences.userId), eq(userPreferences.notifications, true))
  : eq(userPreferences.notifications, true);

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
    // The one place the `notifications` preference is honoured: someone who turned it off gets no
    // Web Push or FCM push, but the caller still records their row (the bell is the history) and
    // rings their bell live. Filtered here, in the query that picks the devices, so it costs no
    // extra query; a push already queued before the switch is still sent.
    .leftJoin(userPreferences, eq(userPreferences.userId, pushSubscriptions.userId))
    .where(
      and(
        inArray(
          pushSubscriptions.userId,
          rows.map((row) => row.userId),
        ),
        eq(pushSubscriptions.topic, topicOf(first)),
        wantsPushes,
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
