import type { AiReplyMeta } from '@app/contract/ai-characters';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
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

/** The channel catalogue the integration form picks from ("platform"). Platform-wide. */
export const platforms = pgTable('platforms', {
  id: serial('id').primaryKey(),
  externalId: externalId(),
  platformName: varchar('platform_name', { length: 64 }).notNull().unique(),
  kind: varchar('kind', { length: 32 }).notNull(),
  createdAt: createdAt(),
});

/** A company's connection to a channel. Secrets are stored encrypted and never leave the server. */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    type: varchar('type', { length: 32 }).notNull().default('message_platform'),
    title: varchar('title', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('inactive'),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    /** AccountID, encrypted: a Telegram bot token is a secret. */
    accountIdEncrypted: text('account_id_encrypted').notNull(),
    /** A short, safe hint of the AccountID for display (e.g. the last 4 characters of a token). */
    accountHint: varchar('account_hint', { length: 64 }).notNull(),
    /** Used to route Cloud API webhooks and WAHA sessions without decrypting every row. */
    accountLookup: varchar('account_lookup', { length: 128 }).notNull(),
    webhookSecretEncrypted: text('webhook_secret_encrypted').notNull(),
    accountName: varchar('account_name', { length: 255 }),
    connectionState: varchar('connection_state', { length: 32 }),
    lastError: text('last_error'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('integrations_company_created_idx').on(table.companyId, table.createdAt),
    index('integrations_lookup_idx').on(table.accountLookup),
  ],
);

/**
 * A customer on a channel, and the summary row of their conversation: the list of conversations
 * and contacts reads only this table, never the messages.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    externalId: externalId(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The integration of the latest inbound message: replies go out through it. */
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    chatId: varchar('chat_id', { length: 128 }).notNull(),
    chatType: varchar('chat_type', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastIncomingMessage: text('last_incoming_message'),
    lastIncomingAt: timestamp('last_incoming_at', { withTimezone: true }),
    totalMessages: integer('total_messages').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The AI stays silent here until a person clears it (asked for a person, or no answer found). */
    needsHuman: boolean('needs_human').notNull().default(false),
    /** A person answered: the AI stays silent here until then. */
    aiPausedUntil: timestamp('ai_paused_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('contacts_company_chat_key').on(table.companyId, table.chatId),
    // The conversation list's order (as ORDER BY … DESC: nulls first), read from the index without a sort.
    index('contacts_company_incoming_idx').on(
      table.companyId,
      table.lastIncomingAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('contacts_company_last_idx').on(table.companyId, table.lastMessageAt.desc()),
  ],
);

/**
 * How many conversations (contacts with an incoming message) each company has: the list's total
 * without counting contacts on every page. Kept by the trigger of migration 0012 on contacts, so no
 * writer can forget it.
 */
export const conversationCounts = pgTable('conversation_counts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id),
    isFromMe: boolean('is_from_me').notNull(),
    senderName: varchar('sender_name', { length: 255 }).notNull(),
    content: text('content').notNull(),
    /** The provider's id: dedups re-delivered webhooks and matches delivery statuses. */
    providerMessageId: varchar('provider_message_id', { length: 255 }),
    /** Outbound: pending → sent → delivered → read, or failed. Inbound: received. */
    status: varchar('status', { length: 16 }).notNull(),
    error: text('error'),
    isRead: boolean('is_read').notNull().default(false),
    sentByUserId: integer('sent_by_user_id').references(() => users.id),
    /** Set on the AI agent's replies: model, tokens and passages used. */
    ai: jsonb('ai').$type<AiReplyMeta>(),
    createdAt: createdAt(),
  },
  (table) => [
    // The chat room's order (newest first, id breaking ties), read from the index without a sort.
    index('messages_company_contact_idx').on(
      table.companyId,
      table.contactId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    uniqueIndex('messages_provider_key')
      .on(table.integrationId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
  ],
);

/** Per-company chat settings (client-area §3 "Chat configuration", §7 ai-priority). */
export const chatConfigs = pgTable('chat_configs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  useAi: boolean('use_ai').notNull().default(false),
  useBot: boolean('use_bot').notNull().default(false),
  autoReply: boolean('auto_reply').notNull().default(true),
  aiType: varchar('ai_type', { length: 16 }).notNull().default('internal'),
  updatedAt: updatedAt(),
});
