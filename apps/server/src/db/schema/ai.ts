import { integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

/** A company's AI character: its tone, language and own instructions. One row per company. */
export const aiCharacters = pgTable('ai_characters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  conversationType: varchar('conversation_type', { length: 16 }).notNull(),
  primaryLanguage: varchar('primary_language', { length: 8 }).notNull(),
  customPrompt: text('custom_prompt').notNull().default(''),
  updatedAt: updatedAt(),
});

/** What customers write about; each carries the prompt the agent follows for it. */
export const messageCategories = pgTable('message_categories', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  position: integer('position').notNull(),
  icon: varchar('icon', { length: 32 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});
