import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A company's ticket categories (Ticket Configuration); `default_sla` is in minutes. */
export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull(),
    defaultSla: integer('default_sla').notNull().default(0),
    icon: varchar('icon', { length: 32 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('ticket_categories_company_created_idx').on(table.companyId, table.createdAt),
    uniqueIndex('ticket_categories_company_name_key').on(table.companyId, sql`lower(${table.name})`),
  ],
);

/** The running ticket number of each company; taken with `UPDATE … RETURNING`, so never twice. */
export const ticketCounters = pgTable('ticket_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  lastValue: integer('last_value').notNull(),
});

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** TCK-000123, unique per company. */
    ticketNumber: varchar('ticket_number', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull(),
    customerName: varchar('customer_name', { length: 255 }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => ticketCategories.id, { onDelete: 'set null' }),
    priority: varchar('priority', { length: 16 }).notNull(),
    escalationLevel: varchar('escalation_level', { length: 16 }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The SLA target in minutes (shown in hours); null means the 24-hour default. */
    slaMinutes: integer('sla_minutes'),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    resourceId: varchar('resource_id', { length: 128 }),
    resourceFrom: varchar('resource_from', { length: 16 }).notNull().default('manual'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set by the SLA watcher when it told the company; cleared when the due date moves. */
    slaNotifiedAt: timestamp('sla_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tickets_company_number_key').on(table.companyId, table.ticketNumber),
    index('tickets_company_created_idx').on(table.companyId, table.createdAt),
    index('tickets_company_status_idx').on(table.companyId, table.status),
    // Small: only unresolved tickets the SLA watcher has not reported yet.
    index('tickets_company_sla_due_idx')
      .on(table.companyId, table.dueDate)
      .where(sql`${table.slaNotifiedAt} is null and ${table.status} in ('open', 'in_progress')`),
  ],
);

/** The history of a ticket, written by the server only: changes, comments, SLA breaches. */
export const ticketActivities = pgTable(
  'ticket_activities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    details: text('details').notNull(),
    /** Null for the system (the SLA watcher). The name is kept as it was at the time. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_activities_company_ticket_idx').on(table.companyId, table.ticketId, table.createdAt),
  ],
);
