import { BOT_MENU_KEYWORDS, BOT_MENU_TTL_MINUTES, MENU_ACTION_CODES } from '@app/contract/chat-menus';
import { eq, sql } from 'drizzle-orm';
import { botMenuSessions } from '../../db/schema/workflows.ts';
import type { Deps } from '../../deps.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { chatConfigsRepo } from '../chats/chat-configs.repo.ts';
import { agentChatsRepo, type ContactRow } from '../chats/chats.repo.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { InboundStep } from '../webhooks/inbound.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import { type ChatMenuEntry, chatMenusRepo } from './chat-menus.repo.ts';

const REPLY_JOB = 'bot.reply';
export const BOT_TEXT = {
  choose: 'Please choose an option by replying with its number:',
  back: '0. Back',
  invalid: 'Please reply with the number of one of the options.',
  handedOver: 'Thank you. A person from our team will reply to you shortly.',
  unavailable:
    'Sorry, this option is not available right now. A person from our team will reply to you shortly.',
  ticket: (number: string) => `Thank you. We opened ticket ${number}; our team will follow up with you.`,
} as const;

/** The numbered list of one level, as the customer reads it. */
export function menuText(entries: ChatMenuEntry[], parent: ChatMenuEntry | null) {
  const lines = entries.map((entry, index) => `${index + 1}. ${entry.name}`);
  const head = parent ? [`*${parent.name}*`, parent.description, '', BOT_TEXT.choose] : [BOT_TEXT.choose];
  return [...head, ...lines, ...(parent ? [BOT_TEXT.back] : [])].join('\n');
}

interface BotDeps {
  quota: QuotaService;
  chats: ChatsService;
  workflows: WorkflowsService;
  tickets: TicketsService;
  handOver(contact: ContactRow, reason: string): Promise<void>;
  queue: JobQueue;
}

/**
 * The bot menu (client-area §2 Chat Menu, with Use Bot on): a customer's first message or a
 * keyword gets the numbered top level; a number opens an entry's children or runs its action.
 * Where the customer is lives per chat and expires, so a later conversation starts afresh. Each
 * message is a durable job; a job that died after answering does not answer twice.
 */
export function botMenu({ db, log }: Pick<Deps, 'db' | 'log'>, deps: BotDeps) {
  const chatsRepo = agentChatsRepo(db);

  const sessions = {
    async get(contactId: number) {
      const [row] = await db.select().from(botMenuSessions).where(eq(botMenuSessions.contactId, contactId));
      return row && row.expiresAt > new Date() ? row : null;
    },
    async set(contactId: number, menuId: number | null) {
      const expiresAt = sql`now() + make_interval(mins => ${BOT_MENU_TTL_MINUTES})`;
      await db
        .insert(botMenuSessions)
        .values({ contactId, menuId, expiresAt })
        .onConflictDoUpdate({ target: botMenuSessions.contactId, set: { menuId, expiresAt } });
    },
    async end(contactId: number) {
      await db.delete(botMenuSessions).where(eq(botMenuSessions.contactId, contactId));
    },
  };

  async function say(contact: ContactRow, text: string) {
    if (!(await deps.quota.consume(contact.companyId, 'wa', 1))) {
      await deps.handOver(contact, 'the WhatsApp quota is used up, so the bot menu could not answer');
      return;
    }
    await deps.chats.sendFromBot(contact, text);
  }

  /** What a picked entry without children does, by its action's code. */
  async function run(contact: ContactRow, entry: ChatMenuEntry, text: string) {
    switch (entry.actionCode) {
      case MENU_ACTION_CODES.workflow: {
        const answer =
          entry.workflowId === null
            ? null
            : await deps.workflows
                .run(contact.companyId, entry.workflowId, {
                  chat_id: contact.chatId,
                  customer_name: contact.name,
                  message: text,
                  menu: entry.name,
                })
                .catch((error: unknown) => {
                  log.warn({ err: error, menu: entry.id }, 'the bot menu workflow failed');
                  return null;
                });
        if (answer) return say(contact, answer);
        await deps.handOver(contact, `the workflow of "${entry.name}" did not answer`);
        return say(contact, BOT_TEXT.unavailable);
      }
      case MENU_ACTION_CODES.handOver:
        await deps.handOver(contact, `chose "${entry.name}" in the bot menu`);
        return say(contact, BOT_TEXT.handedOver);
      case MENU_ACTION_CODES.ticket: {
        const ticket = await deps.tickets.fromChat(
          { companyId: contact.companyId, userId: 0, actingSuperAdminId: null },
          { id: null, name: 'Bot Menu' },
          {
            chat_id: contact.chatId,
            customer_name: contact.name,
            chat_content: `${entry.name}: ${entry.description}`,
          },
        );
        return say(contact, BOT_TEXT.ticket(ticket.ticket_number));
      }
      default:
        return say(contact, entry.description);
    }
  }

  async function reply({ messageId }: { messageId: number }) {
    const found = await chatsRepo.messageWithContact(messageId);
    if (!found || found.message.isFromMe) return;
    const { message, contact } = found;
    if (!(await chatConfigsRepo(db, contact.companyId).get()).useBot || contact.needsHuman) return;
    if (await chatsRepo.newerIncoming(contact.id, message.id)) return;
    if (await chatsRepo.repliedAfter(contact.id, message.id)) return;
    const menus = chatMenusRepo(db, contact.companyId);
    const top = await menus.level(null);
    if (top.length === 0) return;

    const text = message.content.trim();
    const session = await sessions.get(contact.id);
    const keyword = (BOT_MENU_KEYWORDS as readonly string[]).includes(text.toLowerCase());
    if (!session || keyword || (text === '0' && session.menuId !== null)) {
      await sessions.set(contact.id, null);
      return say(contact, menuText(top, null));
    }
    const parent = session.menuId === null ? null : ((await menus.find(session.menuId)) ?? null);
    const offered = parent ? await menus.level(parent.id) : top;
    const picked = /^\d{1,3}$/.test(text) ? offered[Number(text) - 1] : undefined;
    if (!picked) {
      await sessions.set(contact.id, parent?.id ?? null);
      return say(contact, `${BOT_TEXT.invalid}\n\n${menuText(offered, parent)}`);
    }
    const children = await menus.level(picked.id);
    if (children.length > 0) {
      await sessions.set(contact.id, picked.id);
      return say(contact, menuText(children, picked));
    }
    await sessions.end(contact.id);
    await run(contact, picked, text);
  }

  deps.queue.define<{ messageId: number }>(REPLY_JOB, { run: reply, maxAttempts: 3 });

  /** The inbound pipeline's step: a job per message of a company with Use Bot on. */
  const step: InboundStep = async ({ message, config }) => {
    if (config.useBot) {
      await deps.queue.enqueue(REPLY_JOB, { messageId: message.id });
    }
  };
  return { step };
}
