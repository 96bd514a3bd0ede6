import type { Notification } from '@app/contract/notifications';
import { ROLE } from '@app/contract/permissions';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import type { PageRequest } from '../../http/pagination.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  title: string;
  body: string;
  typeMessage: Notification['type_message'];
}

/** Who receives: everyone in a company, every super admin, or one person (e.g. a ticket's assignee). */
export type Audience =
  | { companyId: number; exceptUserId?: number }
  | { superAdmins: true }
  | { userId: number };

/** A person's notifications; every query is scoped to the recipient. */
export function notificationsRepo(db: Db) {
  return {
    async list(userId: number, page: PageRequest, isRead?: boolean) {
      const where = and(
        eq(notifications.userId, userId),
        isRead === undefined ? undefined : eq(notifications.isRead, isRead),
      );
      return pageOfRows(db, notifications, where, page);
    },

    async unread(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      return row?.n ?? 0;
    },

    async markRead(userId: number, id: number) {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .returning();
      return row;
    },

    async markAllRead(userId: number) {
      const rows = await db
        .update(notifications)
        .set({ isRead: true, readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** One row per recipient, written in a single statement. */
    async fanOut(audience: Audience, notification: NewNotification) {
      const recipients = and(
        isNull(users.deletedAt),
        eq(users.status, 'active'),
        'superAdmins' in audience
          ? sql`${ROLE.superAdmin} = any(${users.roles})`
          : 'userId' in audience
            ? eq(users.id, audience.userId)
            : and(
                eq(users.companyId, audience.companyId),
                audience.exceptUserId ? ne(users.id, audience.exceptUserId) : undefined,
              ),
      );
      const companyId = 'companyId' in audience ? audience.companyId : null;
      const rows = await db
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(recipients);
      if (rows.length === 0) return [];
      return db
        .insert(notifications)
        .values(
          rows.map((row) => ({
            ...notification,
            companyId: 'userId' in audience ? row.companyId : companyId,
            userId: row.id,
          })),
        )
        .returning();
    },
  };
}
