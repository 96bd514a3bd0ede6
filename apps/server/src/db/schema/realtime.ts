import { jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Bus events too large for a NOTIFY payload travel by id through this table. */
export const busEvents = pgTable('bus_events', {
  id: serial('id').primaryKey(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  createdAt: createdAt(),
});
