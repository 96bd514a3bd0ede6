import type { AiReplyMeta } from '@app/contract/ai-characters';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNotNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  contacts,
  conversationCounts,
  integrations,
  messages,
  platforms,
} from '../../db/schema/messaging.ts';
import { CHAT_SHARDS, statisticsDaily } from '../../db/schema/statistics.ts';
import { likePattern } from '../../http/pagination.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const STATUS_RANK = sql`case ${messages.status} when 'pending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
const rankOf = (status: string) => ({ pending: 0, sent: 1, delivered: 2, read: 3 })[status] ?? 4;

/**
 * Conversations, latest first, each with the company's count of them (kept by a trigger in
 * conversation_counts): without a search, a page and its total cost one round trip.
 */
const conversationPage = (db: Db, where: SQL | undefined) =>
  db
    .select({
      contact: contacts,
      integrationName: integrations.title,
      platformKind: platforms.kind,
      companyTotal: sql<number>`(select ${conversationCounts.total} from ${conversationCounts} where ${conversationCounts.companyId} = ${contacts.companyId})`,
    })
    .from(contacts)
    .innerJoin(integrations, eq(integrations.id, contacts.integrationId))
    .innerJoin(platforms, eq(platforms.id, integrations.platformId))
    .where(where)
    .orderBy(desc(contacts.lastIncomingAt), desc(contacts.id));

// The screens' hot reads, prepared once (see db/prepared.ts).
const conversationPageQuery = preparedQuery((db) =>
  conversationPage(
    db,
    and(eq(contacts.companyId, sql.placeholder('companyId')), isNotNull(contacts.lastIncomingAt)),
  )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('conversation_page'),
);
const conversationCountQuery = preparedQuery((db) =>
  db
    .select({ total: conversationCounts.total })
    .from(conversationCounts)
    .where(eq(conversationCounts.companyId, sql.placeholder('companyId')))
    .prepare('conversation_count'),
);
const contactByChatQuery = preparedQuery((db) =>
  db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, sql.placeholder('companyId')),
        eq(contacts.chatId, sql.placeholder('chatId')),
      ),
    )
    .prepare('contact_by_chat'),
);
const roomPageQuery = preparedQuery((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, sql.placeholder('companyId')),
        eq(messages.contactId, sql.placeholder('contactId')),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('room_page'),
);

/** One company's conversations, contacts and messages. Every query is scoped to the company. */
export function chatsRepo(db: Db, companyId: number) {
  const mine = eq(contacts.companyId, companyId);
  const searchContacts = (search: string) =>
    search
      ? or(ilike(contacts.name, likePattern(search)), ilike(contacts.phone, likePattern(search)))
      : undefined;

  return {
    /** Chats with at least one incoming message, latest first; reads only the summary rows. */
    async conversations(limit: number, offset: number, search: string) {
      if (!search) {
        const rows = await conversationPageQuery(db).execute({ companyId, limit, offset });
        if (rows.length > 0) return { rows, total: rows[0]!.companyTotal };
        // Past the last page (or none yet): the total alone.
        const [counted] = await conversationCountQuery(db).execute({ companyId });
        return { rows, total: counted?.total ?? 0 };
      }
      const where = and(mine, isNotNull(contacts.lastIncomingAt), searchContacts(search));
      const [rows, [total]] = await Promise.all([
        conversationPage(db, where).limit(limit).offset(offset),
        db.select({ n: count() }).from(contacts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async contacts(
      limit: number,
      offset: number,
      search: string,
      order: 'timestamp' | 'created_at' | 'name',
      direction: 'asc' | 'desc',
    ) {
      const where = and(mine, searchContacts(search));
      const column =
        order === 'name'
          ? contacts.name
          : order === 'created_at'
            ? contacts.createdAt
            : contacts.lastMessageAt;
      const sort = direction === 'asc' ? asc(column) : sql`${column} desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db.select().from(contacts).where(where).orderBy(sort, desc(contacts.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(contacts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findContact(chatId: string) {
      const [row] = await contactByChatQuery(db).execute({ companyId, chatId });
      return row;
    },

    /** A page of a room, newest page first, bubbles in the order they were written. */
    async roomPage(contact: ContactRow, limit: number, offset: number) {
      const rows = await roomPageQuery(db).execute({ companyId, contactId: contact.id, limit, offset });
      // The conversation summary counts every message written to the room.
      return { rows: rows.reverse(), total: contact.totalMessages };
    },

    async allMessages(contactId: number) {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.contactId, contactId)))
        .orderBy(asc(messages.createdAt), asc(messages.id));
    },

    async findMessage(contactId: number, id: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(
          and(eq(messages.companyId, companyId), eq(messages.contactId, contactId), eq(messages.id, id)),
        );
      return row;
    },

    /** Opening a room reads every incoming message in it. */
    async markRead(contactId: number) {
      await db.transaction(async (tx) => {
        await tx
          .update(messages)
          .set({ isRead: true })
          .where(
            and(
              eq(messages.companyId, companyId),
              eq(messages.contactId, contactId),
              eq(messages.isFromMe, false),
              eq(messages.isRead, false),
            ),
          );
        await tx
          .update(contacts)
          .set({ unreadCount: 0 })
          .where(and(mine, eq(contacts.id, contactId)));
      });
    },

    async deleteRoom(contactId: number) {
      const rows = await db
        .delete(contacts)
        .where(and(mine, eq(contacts.id, contactId)))
        .returning({ id: contacts.id });
      return rows.length === 1;
    },

    /** Stores an outgoing bubble as pending and counts it on the conversation, in one transaction. */
    async addOutgoing(
      contact: ContactRow,
      input: {
        content: string;
        senderName: string;
        userId: number | null;
        ai?: AiReplyMeta;
        /** A person's reply: the AI stays silent in this chat until then, and the chat is theirs. */
        aiPausedUntil?: Date;
      },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({
            companyId,
            contactId: contact.id,
            integrationId: contact.integrationId,
            isFromMe: true,
            senderName: input.senderName,
            content: input.content,
            status: 'pending',
            sentByUserId: input.userId,
            ai: input.ai ?? null,
          })
          .returning();
        await tx
          .update(contacts)
          .set({
            lastMessage: input.content,
            lastMessageAt: row!.createdAt,
            totalMessages: sql`${contacts.totalMessages} + 1`,
            ...(input.aiPausedUntil ? { aiPausedUntil: input.aiPausedUntil, needsHuman: false } : {}),
          })
          .where(and(mine, eq(contacts.id, contact.id)));
        return row!;
      });
    },

    async markSent(id: number, providerMessageId: string) {
      const [row] = await db
        .update(messages)
        .set({
          providerMessageId,
          status: sql`case when ${STATUS_RANK} < ${rankOf('sent')} then 'sent' else ${messages.status} end`,
          error: null,
        })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
        .returning();
      return row!;
    },

    async markFailed(id: number, error: string) {
      const [row] = await db
        .update(messages)
        .set({ status: 'failed', error })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
        .returning();
      return row!;
    },

    async markPending(id: number) {
      const [row] = await db
        .update(messages)
        .set({ status: 'pending', error: null })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id), eq(messages.status, 'failed')))
        .returning();
      return row;
    },
  };
}
export type ChatsRepo = ReturnType<typeof chatsRepo>;

/** What the automatic responders (AI agent, bot menu) read and mark, by the ids their jobs carry. */
export function agentChatsRepo(db: Db) {
  return {
    async messageWithContact(messageId: number) {
      const [row] = await db
        .select({ message: messages, contact: contacts })
        .from(messages)
        .innerJoin(contacts, eq(contacts.id, messages.contactId))
        .where(eq(messages.id, messageId));
      return row;
    },
    /** The latest turns of a chat, oldest first, for the prompt. */
    async recent(contactId: number, limit: number) {
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.contactId, contactId))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },
    async newerIncoming(contactId: number, messageId: number) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(eq(messages.contactId, contactId), eq(messages.isFromMe, false), gt(messages.id, messageId)),
        )
        .limit(1);
      return Boolean(row);
    },
    /** Whether the agent already replied after this message (a job that died after sending). */
    async answeredAfter(contactId: number, messageId: number) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.contactId, contactId), isNotNull(messages.ai), gt(messages.id, messageId)))
        .limit(1);
      return Boolean(row);
    },
    /** Whether anything was sent in the chat after this message (a job that died after sending). */
    async repliedAfter(contactId: number, messageId: number) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(eq(messages.contactId, contactId), eq(messages.isFromMe, true), gt(messages.id, messageId)),
        )
        .limit(1);
      return Boolean(row);
    },
    /** Hands the chat to a person; answers whether it was not theirs already (to notify once). */
    async flagForPerson(contactId: number) {
      const rows = await db
        .update(contacts)
        .set({ needsHuman: true })
        .where(and(eq(contacts.id, contactId), eq(contacts.needsHuman, false)))
        .returning({ id: contacts.id });
      return rows.length > 0;
    },
  };
}

// The inbound pipeline's statements, prepared once (see db/prepared.ts).
const addContactQuery = preparedQuery((db) =>
  db
    .insert(contacts)
    .values({
      companyId: sql.placeholder('companyId'),
      integrationId: sql.placeholder('integrationId'),
      chatId: sql.placeholder('chatId'),
      chatType: sql.placeholder('chatType'),
      name: sql.placeholder('senderName'),
      phone: sql.placeholder('phone'),
    })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.chatId] })
    .prepare('add_contact'),
);
const storeIncomingQuery = preparedQuery((db) => {
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  // The message goes to the chat's contact, when there is one: nothing is stored otherwise.
  const inserted = db.$with('inserted', getTableColumns(messages)).as(sql`
    insert into ${messages} (company_id, contact_id, integration_id, is_from_me, sender_name, content,
      provider_message_id, status, created_at)
    select ${contacts.companyId}, ${contacts.id}, ${value('integrationId', 'int')}, false,
      ${value('senderName', 'text')}, ${value('text', 'text')}, ${value('providerMessageId', 'text')},
      'received', ${value('createdAt', 'timestamptz')}
    from ${contacts}
    where ${contacts.companyId} = ${value('companyId', 'int')} and ${contacts.chatId} = ${value('chatId', 'text')}
    on conflict do nothing
    returning *`);
  const summarised = db.$with('summarised').as(
    db
      .update(contacts)
      .set({
        // The customer's name, phone and integration as the provider has them now.
        name: sql`${inserted.senderName}`,
        integrationId: sql`${inserted.integrationId}`,
        phone: sql`coalesce(${sql.placeholder('phone')}::text, ${contacts.phone})`,
        updatedAt: sql`now()`,
        lastMessage: sql`${inserted.content}`,
        lastMessageAt: sql`greatest(${contacts.lastMessageAt}, ${inserted.createdAt})`,
        lastIncomingMessage: sql`${inserted.content}`,
        lastIncomingAt: sql`greatest(${contacts.lastIncomingAt}, ${inserted.createdAt})`,
        totalMessages: sql`${contacts.totalMessages} + 1`,
        unreadCount: sql`${contacts.unreadCount} + 1`,
      })
      .from(inserted)
      .where(eq(contacts.id, inserted.contactId))
      .returning(getTableColumns(contacts)),
  );
  // The day's "chats" counter moves in the same statement: counted exactly when stored.
  const counted = db.$with('counted').as(
    db
      .insert(statisticsDaily)
      .select(
        db
          .select({
            companyId: inserted.companyId,
            type: sql`'chats'`.as('type'),
            day: sql`(${inserted.createdAt} at time zone 'UTC')::date`.as('day'),
            shard: sql`${inserted.contactId} % ${sql.raw(String(CHAT_SHARDS))}`.as('shard'),
            count: sql`1`.as('count'),
          })
          .from(inserted),
      )
      .onConflictDoUpdate({
        target: [statisticsDaily.companyId, statisticsDaily.type, statisticsDaily.day, statisticsDaily.shard],
        set: { count: sql`${statisticsDaily.count} + excluded.count` },
      }),
  );
  return db
    .with(inserted, summarised, counted)
    .select({ message: inserted._.selectedFields, contact: summarised._.selectedFields })
    .from(inserted)
    .innerJoin(summarised, eq(summarised.id, inserted.contactId))
    .prepare('store_incoming');
});

/** What arrives from a provider, for one integration (the webhook path knows which). */
export function inboundRepo(db: Db) {
  return {
    /**
     * Stores an incoming message once: the message is inserted, and the conversation summary (with
     * the customer's name and phone as the provider has them now) and the day's chat counter move
     * with it, in one statement, so a re-delivered message changes nothing. A new customer's
     * contact is added first (then the statement runs again); a process that dies between the two
     * leaves a contact without the message, which the provider, having got no 200, delivers again.
     */
    async ingest(
      integration: { id: number; companyId: number; chatType: 'wa' | 'telegram' },
      event: {
        providerMessageId: string;
        chatId: string;
        senderName: string;
        phone: string | null;
        text: string;
        timestamp: Date;
      },
    ): Promise<{ contact: ContactRow; message: MessageRow } | null> {
      const values = {
        companyId: integration.companyId,
        integrationId: integration.id,
        chatId: event.chatId,
        senderName: event.senderName,
        phone: event.phone,
        text: event.text,
        providerMessageId: event.providerMessageId,
        createdAt: event.timestamp,
      };
      const [stored] = await storeIncomingQuery(db).execute(values);
      if (stored) return stored;
      // Not stored: a new customer, or a message seen before (then nothing is written).
      await addContactQuery(db).execute({ ...values, chatType: integration.chatType });
      const [again] = await storeIncomingQuery(db).execute(values);
      return again ?? null;
    },

    /** Delivery statuses only move forward (a late "delivered" never undoes "read"). */
    async applyStatus(integrationId: number, providerMessageId: string, status: string, error?: string) {
      const [row] = await db
        .update(messages)
        .set({ status, error: error ?? null, isRead: status === 'read' ? true : messages.isRead })
        .where(
          and(
            eq(messages.integrationId, integrationId),
            eq(messages.providerMessageId, providerMessageId),
            eq(messages.isFromMe, true),
            status === 'failed' ? sql`${messages.status} <> 'read'` : sql`${STATUS_RANK} < ${rankOf(status)}`,
          ),
        )
        .returning();
      if (!row) return null;
      const [contact] = await db.select().from(contacts).where(eq(contacts.id, row.contactId));
      return { message: row, contact: contact! };
    },
  };
}
