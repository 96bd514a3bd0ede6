import type { Notification } from '@app/contract/notifications';
import type { Deps } from '../../deps.ts';
import {
  type Audience,
  type NewNotification,
  type NotificationRow,
  notificationsRepo,
} from './notifications.repo.ts';
import { queuePushes } from './push.queue.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    type_message: row.typeMessage as Notification['type_message'],
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Raises notifications for real events (the other modules call `notify`), queues their pushes and
 * rings each recipient's bell live.
 */
export function notificationsService({ db, bus }: Pick<Deps, 'db' | 'bus'>) {
  const repo = notificationsRepo(db);
  return {
    repo,
    async notify(audience: Audience, notification: NewNotification) {
      const rows = await repo.fanOut(audience, notification);
      await queuePushes(db, rows);
      for (const row of rows) {
        await bus.publish({
          type: 'notification',
          userId: row.userId,
          notification: presentNotification(row),
        });
      }
      return rows;
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
