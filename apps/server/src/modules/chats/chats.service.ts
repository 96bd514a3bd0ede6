import type { AiReplyMeta } from '@app/contract/ai-characters';
import { CHAT_MSG } from '@app/contract/chats';
import type { Deps } from '../../deps.ts';
import type { Principal, Tenant } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { oneSheetXlsx } from '../../http/xlsx.ts';
import { ChannelError } from '../../providers/channels/port.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { platformIntegrationsRepo } from '../integrations/integrations.repo.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import { presentConversation, presentMessage } from './chats.presenter.ts';
import { type ContactRow, chatsRepo, type MessageRow } from './chats.repo.ts';

/** The sender name of the AI agent's bubbles. */
export const AGENT_NAME = 'AI Agent';
export const BOT_NAME = 'Bot Menu';

export const noQuota = () => new AppError(402, 'quota_exceeded', CHAT_MSG.noQuota);

/** Conversations of a company: reading rooms, and sending through the channel with the quota. */
export function chatsService(
  deps: Deps,
  integrations: IntegrationsService,
  quota: QuotaService,
  bus: EventBus,
) {
  const { db } = deps;

  async function room(tenant: Tenant, chatId: string) {
    const contact = await chatsRepo(db, tenant.companyId).findContact(chatId);
    if (!contact) throw notFound(CHAT_MSG.roomNotFound);
    return contact;
  }

  const publishMessage = async (
    type: 'room_message' | 'message_status',
    contact: ContactRow,
    message: MessageRow,
  ) =>
    bus.publish({
      type,
      companyId: contact.companyId,
      roomId: contact.chatId,
      message: presentMessage(contact, message),
    });

  /** Hands a pending bubble to the provider; a refusal marks it failed and gives the quota back. */
  async function deliver(tenant: Pick<Tenant, 'companyId'>, contact: ContactRow, message: MessageRow) {
    const repo = chatsRepo(db, tenant.companyId);
    const found = await platformIntegrationsRepo(db).findById(contact.integrationId);
    let result: MessageRow;
    if (found?.integration.status !== 'active') {
      result = await repo.markFailed(message.id, CHAT_MSG.integrationInactive);
      await quota.release(tenant.companyId, 'wa', 1);
    } else {
      try {
        const adapter = integrations.adapterFor(found.platform.kind);
        const sent = await adapter.sendText(integrations.channelOf(found), contact.chatId, message.content);
        result = await repo.markSent(message.id, sent.providerMessageId);
      } catch (error) {
        const reason = error instanceof ChannelError ? error.message : 'The provider could not be reached';
        deps.log.warn({ err: error, message: message.id }, 'send failed');
        result = await repo.markFailed(message.id, reason);
        await quota.release(tenant.companyId, 'wa', 1);
      }
    }
    await publishMessage('message_status', contact, result);
    return result;
  }

  /** Stores the bubble, shows it, and hands it to the provider. The caller took the quota. */
  async function sendPaid(
    tenant: Pick<Tenant, 'companyId'>,
    contact: ContactRow,
    input: Parameters<ReturnType<typeof chatsRepo>['addOutgoing']>[1],
  ) {
    const pending = await chatsRepo(db, tenant.companyId).addOutgoing(contact, input);
    await publishMessage('room_message', contact, pending);
    return deliver(tenant, contact, pending);
  }

  return {
    room,

    /** Sends a person's reply: one unit of quota, taken before the provider is called. */
    async send(tenant: Tenant, principal: Principal, chatId: string, text: string) {
      const content = text.trim();
      if (!content) throw badRequest('Message is required');
      const contact = await room(tenant, chatId);
      if (!(await quota.consume(tenant.companyId, 'wa', 1))) throw noQuota();
      const sent = await sendPaid(tenant, contact, {
        content,
        senderName: principal.fullName,
        userId: principal.userId,
        aiPausedUntil: new Date(Date.now() + deps.config.ai.humanPauseMinutes * 60_000),
      });
      return presentMessage(contact, sent);
    },

    /** Sends the AI agent's reply; the agent took the quota. */
    sendFromAgent: (contact: ContactRow, content: string, ai: AiReplyMeta) =>
      sendPaid({ companyId: contact.companyId }, contact, {
        content,
        senderName: AGENT_NAME,
        userId: null,
        ai,
      }),

    /** Sends the bot menu's reply; the bot took the quota. */
    sendFromBot: (contact: ContactRow, content: string) =>
      sendPaid({ companyId: contact.companyId }, contact, { content, senderName: BOT_NAME, userId: null }),

    /** A failed bubble can be sent again. */
    async retry(tenant: Tenant, chatId: string, messageId: number) {
      const contact = await room(tenant, chatId);
      const repo = chatsRepo(db, tenant.companyId);
      const message = await repo.findMessage(contact.id, messageId);
      if (!message?.isFromMe) throw notFound('Message not found');
      if (message.status !== 'failed') throw badRequest('Only a failed message can be sent again');
      if (!(await quota.consume(tenant.companyId, 'wa', 1))) throw noQuota();
      const pending = await repo.markPending(message.id);
      if (!pending) throw badRequest('Only a failed message can be sent again');
      return presentMessage(contact, await deliver(tenant, contact, pending));
    },

    async markRead(tenant: Tenant, chatId: string) {
      const contact = await room(tenant, chatId);
      await chatsRepo(db, tenant.companyId).markRead(contact.id);
      const conversation = presentConversation({ ...contact, unreadCount: 0 }, '');
      await bus.publish({ type: 'conversation_updated', companyId: tenant.companyId, conversation });
    },

    async deleteRoom(tenant: Tenant, chatId: string) {
      const contact = await room(tenant, chatId);
      await chatsRepo(db, tenant.companyId).deleteRoom(contact.id);
      await bus.publish({ type: 'room_deleted', companyId: tenant.companyId, roomId: contact.chatId });
    },

    /** The whole room as a spreadsheet (`chat_{room}.xlsx`). */
    async workbook(tenant: Tenant, chatId: string) {
      const contact = await room(tenant, chatId);
      const rows = await chatsRepo(db, tenant.companyId).allMessages(contact.id);
      return oneSheetXlsx(
        'Chat',
        [
          { header: 'Time', key: 'time', width: 22 },
          { header: 'From', key: 'from', width: 28 },
          { header: 'Direction', key: 'direction', width: 10 },
          { header: 'Message', key: 'message', width: 80 },
          { header: 'Status', key: 'status', width: 12 },
        ],
        rows.map((row) => ({
          time: row.createdAt.toISOString(),
          from: row.senderName,
          direction: row.isFromMe ? 'out' : 'in',
          message: row.content,
          status: row.status,
        })),
      );
    },
  };
}
export type ChatsService = ReturnType<typeof chatsService>;
