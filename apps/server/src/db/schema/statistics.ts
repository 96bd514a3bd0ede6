import { date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * The dashboard's counters: one row per company, type and day (UTC), moved by the code that
 * changes the data, so the statistics never count messages on request. A total is the sum of a
 * type's rows; a trend reads the rows of the range.
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 32 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.type, table.day] })],
);
