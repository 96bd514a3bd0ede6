import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, externalId, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { contacts } from './messaging.ts';
import { menuActions } from './platform.ts';

/** An n8n workflow the super admin offers to companies (`active`: offered). */
export const workflowTemplates = pgTable('workflow_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  active: boolean('active').notNull().default(true),
  tags: jsonb('tags').$type<{ id: string; name: string }[]>().notNull().default([]),
  nodes: jsonb('nodes').$type<Record<string, unknown>[]>().notNull(),
  connections: jsonb('connections').$type<Record<string, unknown>>().notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Set when pulled from the engine, so a second pull updates instead of duplicating. */
  engineWorkflowId: varchar('engine_workflow_id', { length: 64 }).unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A company's copy of a template, living in the engine as its own workflow. */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => workflowTemplates.id),
    integrationIds: integer('integration_ids').array().notNull(),
    status: boolean('status').notNull().default(false),
    /** Null while no engine is configured: the copy is made once one is. */
    engineWorkflowId: varchar('engine_workflow_id', { length: 64 }),
    /** The webhook path of the copy, unique to the company: `c{company}-w{instance}/…`. */
    webhookPath: text('webhook_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('workflow_instances_company_idx').on(table.companyId, table.createdAt)],
);

/** A bot menu entry; children point at their parent (two levels). */
export const chatMenus = pgTable(
  'chat_menus',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    workflowId: integer('workflow_id').references(() => workflowInstances.id, { onDelete: 'set null' }),
    actionId: integer('action_id').references(() => menuActions.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('chat_menus_company_idx').on(table.companyId, table.parentId, table.position),
    foreignKey({ columns: [table.parentId], foreignColumns: [table.id] }).onDelete('cascade'),
  ],
);

/** Where one customer is in the bot menu; gone or expired means "not in the menu". */
export const botMenuSessions = pgTable('bot_menu_sessions', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  /** The entry whose children are on offer; null for the top level. */
  menuId: integer('menu_id').references(() => chatMenus.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
