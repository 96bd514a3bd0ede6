import { integer, pgTable, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';

/** Roles are platform-wide: the super admin defines them, companies give them to users. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  externalId: externalId(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePolicies = pgTable(
  'role_policies',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 64 }).notNull(),
    feature: varchar('feature', { length: 64 }).notNull().default('permission'),
    path: varchar('path', { length: 128 }).notNull(),
  },
  (table) => [unique('role_policies_role_action_key').on(table.roleId, table.action)],
);

/** The catalogue of permission names the roles screen picks from. */
export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  externalId: externalId(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
});
