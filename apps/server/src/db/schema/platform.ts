import { jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Platform-wide settings of the super-admin Settings page, one row per key. */
export const platformSettings = pgTable('platform_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/** Actions a chat-menu entry can trigger (super-admin "Chat Menu Action"). */
export const menuActions = pgTable('menu_actions', {
  id: serial('id').primaryKey(),
  actionCode: varchar('action_code', { length: 64 }).notNull().unique(),
  actionName: varchar('action_name', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
