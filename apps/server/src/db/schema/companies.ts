import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyName: varchar('company_name', { length: 255 }).notNull(),
    industry: varchar('industry', { length: 64 }).notNull(),
    city: varchar('city', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    contactEmail: varchar('contact_email', { length: 255 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 14 }).notNull(),
    website: varchar('website', { length: 255 }),
    address: text('address').notNull(),
    // References to packages and payment channels arrive with the billing module.
    // 'full' lets the company's roles hold every client permission; 'custom' only customPermissions.
    accessLevel: varchar('access_level', { length: 16 }).notNull().default('full'),
    customPermissions: text('custom_permissions').array().notNull().default(sql`'{}'::text[]`),
    packageId: integer('package_id'),
    paymentChannelId: integer('payment_channel_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('companies_created_at_idx').on(table.createdAt)],
);
