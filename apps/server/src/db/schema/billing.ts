import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Subscription packages (platform-wide). Deleted ones stay for the invoices that name them. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    waMessageLimit: integer('wa_message_limit').notNull().default(0),
    aiUsageLimit: integer('ai_usage_limit').notNull().default(0),
    durationInDays: integer('duration_in_days').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('packages_created_at_idx').on(table.createdAt)],
);

/** How companies pay (platform-wide): a virtual account of a bank, or QRIS. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    adminFee: numeric('admin_fee', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    expiredDuration: integer('expired_duration').notNull().default(24),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    details: text('details'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_channels_created_at_idx').on(table.createdAt),
    // At most one default channel per type: company creation needs one unambiguous default.
    uniqueIndex('payment_channels_default_per_type')
      .on(table.type)
      .where(sql`${table.isDefault} and ${table.deletedAt} is null`),
  ],
);

/** The running number of invoices per month ('YYYYMM'); taken with a row lock, so never twice. */
export const invoiceCounters = pgTable('invoice_counters', {
  period: char('period', { length: 6 }).primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/**
 * A bill for a package through a channel. What was bought is copied onto the invoice, so later
 * edits of the package or channel do not change it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceNumber: varchar('invoice_number', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    packageName: varchar('package_name', { length: 255 }).notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    waMessageLimit: integer('wa_message_limit').notNull(),
    aiUsageLimit: integer('ai_usage_limit').notNull(),
    paymentChannelId: integer('payment_channel_id')
      .notNull()
      .references(() => paymentChannels.id),
    channelName: varchar('channel_name', { length: 255 }).notNull(),
    channelCode: varchar('channel_code', { length: 32 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 32 }).notNull(),
    packageAmount: bigint('package_amount', { mode: 'number' }).notNull(),
    adminFee: bigint('admin_fee', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    provider: varchar('provider', { length: 32 }),
    providerRef: varchar('provider_ref', { length: 128 }),
    accountNumber: varchar('account_number', { length: 64 }),
    qrString: text('qr_string'),
    paymentUrl: text('payment_url'),
    providerPaymentId: varchar('provider_payment_id', { length: 128 }),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('invoices_company_created_idx').on(table.companyId, table.createdAt),
    index('invoices_company_status_idx').on(table.companyId, table.status),
    // One invoice awaiting payment per company, whatever the number of concurrent requests. The
    // expiry job also reads through this small index: it holds only the pending rows.
    uniqueIndex('invoices_one_pending_per_company')
      .on(table.companyId)
      .where(sql`${table.status} = 'PENDING'`),
    // A global identifier like external_id: numbers come from invoice_counters and never repeat.
    uniqueIndex('invoices_number_key').on(table.invoiceNumber),
  ],
);

/**
 * A company's package periods: the one in force (start <= now < end) gives the quota. Counters
 * are changed only by single conditional UPDATEs, so concurrent senders never overspend.
 */
export const companyPackages = pgTable(
  'company_packages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    packageName: varchar('package_name', { length: 255 }).notNull(),
    packagePrice: bigint('package_price', { mode: 'number' }).notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    waMessageLimit: integer('wa_message_limit').notNull(),
    waMessageCount: integer('wa_message_count').notNull().default(0),
    aiUsageLimit: integer('ai_usage_limit').notNull(),
    aiUsageCount: integer('ai_usage_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('company_packages_company_period_idx').on(table.companyId, table.endDate, table.startDate),
    // A paid invoice starts exactly one period, however often its callback arrives.
    uniqueIndex('company_packages_company_invoice_key').on(table.companyId, table.invoiceId),
    check(
      'company_packages_wa_within_limit',
      sql`${table.waMessageCount} between 0 and ${table.waMessageLimit}`,
    ),
    check('company_packages_ai_within_limit', sql`${table.aiUsageCount} between 0 and ${table.aiUsageLimit}`),
  ],
);
