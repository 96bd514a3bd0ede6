import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { integrations } from './messaging.ts';
import { users } from './users.ts';

/** A message sent to many recipients through one integration. Its recipients are rows of their own. */
export const blasts = pgTable(
  'blasts',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description'),
    message: text('message').notNull(),
    /** running → completed; paused by a person or by the server (status_reason says why). */
    status: varchar('status', { length: 16 }).notNull(),
    statusReason: text('status_reason'),
    total: integer('total').notNull(),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    /** Set on the runs of a scheduled message: they are sent like blasts but listed with their schedule. */
    scheduleId: integer('schedule_id').references((): AnyPgColumn => schedules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('blasts_company_idx').on(table.companyId, table.status, table.createdAt.desc()),
    index('blasts_schedule_idx').on(table.scheduleId),
  ],
);

/** A message sent once or repeatedly; each firing creates a run (a blast row with schedule_id). */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    scheduleType: varchar('schedule_type', { length: 8 }).notNull(),
    repeatType: varchar('repeat_type', { length: 8 }),
    day: integer('day'),
    /** Wall-clock times in the company's time zone ('2026-11-25T09:00:00'). */
    startTime: varchar('start_time', { length: 19 }).notNull(),
    endTime: varchar('end_time', { length: 19 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    recipientType: varchar('recipient_type', { length: 16 }).notNull(),
    /** For all_contact: the contacts are taken at each run. */
    contactSearch: text('contact_search'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('schedules_company_idx').on(table.companyId, table.createdAt.desc()),
    index('schedules_due_idx')
      .on(table.nextRunAt)
      .where(sql`deleted_at is null and status in ('active', 'running')`),
  ],
);

/** The fixed recipients of a schedule (types contact and excel). */
export const scheduleRecipients = pgTable(
  'schedule_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    chatId: varchar('chat_id', { length: 128 }).notNull(),
    name: varchar('name', { length: 255 }),
  },
  (table) => [index('schedule_recipients_schedule_idx').on(table.scheduleId)],
);

/**
 * One row per recipient: the durable unit of sending. Workers claim pending rows of running blasts
 * with FOR UPDATE SKIP LOCKED; `claimed` and `sending` rows carry a lease.
 */
export const blastRecipients = pgTable(
  'blast_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    blastId: integer('blast_id')
      .notNull()
      .references(() => blasts.id, { onDelete: 'cascade' }),
    chatId: varchar('chat_id', { length: 128 }).notNull(),
    name: varchar('name', { length: 255 }),
    /** pending → claimed → sending → sent | failed; an expired claim goes back to pending. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    error: text('error'),
    /**
     * Times the row was put back because the provider was down or unreachable (not rate limits,
     * which have their own retry-after); the sender fails it after its last retry.
     */
    retries: integer('retries').notNull().default(0),
    providerMessageId: varchar('provider_message_id', { length: 255 }),
    notBefore: timestamp('not_before', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('blast_recipients_due_idx')
      .on(table.blastId, table.id)
      .where(sql`status in ('pending', 'sending')`),
  ],
);

/** Messages sent per integration per second, shared by every process: the rate limit's ledger. */
export const sendWindows = pgTable(
  'send_windows',
  {
    integrationId: integer('integration_id').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.integrationId, table.second] })],
);
