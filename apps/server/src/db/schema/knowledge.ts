import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** An uploaded document of a company's knowledge base; its text lives in knowledge_entries. */
export const knowledgeItems = pgTable(
  'knowledge_items',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 255 }).notNull(),
    content: text('content'),
    filename: varchar('filename', { length: 255 }).notNull(),
    fileType: varchar('file_type', { length: 8 }).notNull(),
    size: integer('size').notNull(),
    file: bytea('file').notNull(),
    /** Identifies the file's version: an indexing job stores its entries only if it still matches. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** processing until the indexing job has stored the entries; failed keeps the reason in error. */
    status: varchar('status', { length: 16 }).notNull().default('processing'),
    error: text('error'),
    totalEntry: integer('total_entry').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('knowledge_items_company_idx').on(table.companyId, table.createdAt.desc())],
);

/** A retrievable passage. Full-text search always; a vector when an embeddings model is configured. */
export const knowledgeEntries = pgTable(
  'knowledge_entries',
  {
    id: serial('id').primaryKey(),
    knowledgeId: integer('knowledge_id')
      .notNull()
      .references(() => knowledgeItems.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
    embedding: real('embedding').array(),
  },
  (table) => [
    index('knowledge_entries_tsv_idx').using('gin', table.tsv),
    index('knowledge_entries_company_idx').on(table.companyId, table.knowledgeId),
  ],
);

/**
 * How many of a company's entries hold each word (lexeme): the document frequencies that weigh a
 * question's rare words above its common ones. Kept by triggers on knowledge_entries (migration
 * 0014), so no code path that writes entries can forget it.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.lexeme] })],
);
