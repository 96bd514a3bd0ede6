import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

/** Super admins have no company; everyone else belongs to exactly one. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id').references(() => companies.id),
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 14 }),
    waNumber: varchar('wa_number', { length: 14 }),
    address: text('address'),
    imageUrl: text('image_url'),
    dateOfBirth: timestamp('date_of_birth', { withTimezone: true }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email).where(sql`${table.deletedAt} is null`),
    uniqueIndex('users_username_key').on(table.username).where(sql`${table.deletedAt} is null`),
    index('users_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: varchar('theme', { length: 16 }).notNull().default('light'),
  language: varchar('language', { length: 16 }).notNull().default('english'),
  notifications: boolean('notifications').notNull().default(true),
  emailFrequency: varchar('email_frequency', { length: 16 }).notNull().default('weekly'),
  customSettings: jsonb('custom_settings')
    .$type<Record<string, string | number | boolean>>()
    .notNull()
    .default({}),
  updatedAt: updatedAt(),
});

/** Uploaded profile images; kept in the database so every process can serve them. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id').references(() => companies.id),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    content: text('content').notNull(), // base64: bytea differs between the pg and PGlite drivers
    createdAt: createdAt(),
  },
  (table) => [index('files_company_idx').on(table.companyId, table.createdAt)],
);
