import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Who did what; also the source of sign-in throttling, so it works across processes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actingSuperAdminId: integer('acting_super_admin_id').references(() => users.id),
    action: varchar('action', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 255 }),
    ip: varchar('ip', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_action_subject_idx').on(table.action, table.subject, table.createdAt),
    index('audit_log_action_ip_idx').on(table.action, table.ip, table.createdAt),
    index('audit_log_company_idx').on(table.companyId, table.createdAt),
  ],
);
