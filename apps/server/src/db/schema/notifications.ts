import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** One row per recipient, so each person reads and clears their own. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body').notNull(),
    typeMessage: varchar('type_message', { length: 32 }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.isRead, table.createdAt)],
);

/**
 * A device that receives pushes for one topic (super_admin, or a company id as text). `token` is
 * the FCM registration token, or the Web Push endpoint with its two keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<'fcm' | 'webpush'>().notNull(),
    token: text('token').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_topic_token_idx').on(table.topic, table.token),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
