import { date, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * The dashboard's counters: one row per company, type and day (UTC), moved by the code that
 * changes the data, so the statistics never count messages on request. A total is the sum of a
 * type's rows; a trend sums the rows of each day of the range.
 *
 * Inbound messages count on one of CHAT_SHARDS rows of their day (by contact), not on one: every
 * webhook's transaction holds its counter row until it commits, so a single row per company and day
 * would let one company's webhooks commit only one at a time.
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 32 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.type, table.day, table.shard] })],
);

/** How many rows an inbound day's chat count is spread over. */
export const CHAT_SHARDS = 8;

/**
 * Each company's all-time total per type (and shard): the dashboard's cards read these few rows
 * instead of summing a year of daily rows. Kept by the trigger of migration 0016 on
 * statistics_daily, so no writer can forget it; a day row and its total row are moved in the same
 * transaction, one after the other, so the totals add no waiting of their own.
 */
export const statisticsTotals = pgTable(
  'statistics_totals',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 32 }).notNull(),
    shard: smallint('shard').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.type, table.shard] })],
);
