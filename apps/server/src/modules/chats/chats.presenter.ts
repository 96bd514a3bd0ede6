import type { ChatMessage, Contact, Conversation } from '@app/contract/chats';
import type { ContactRow, MessageRow } from './chats.repo.ts';

const chatType = (contact: ContactRow) => (contact.chatType === 'telegram' ? 'telegram' : 'wa');

export function presentMessage(contact: ContactRow, row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chat_id: contact.chatId,
    chat_type: chatType(contact),
    sender_name: row.senderName,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    is_from_me: row.isFromMe,
    is_read: row.isRead,
    status: row.status,
    error: row.error,
    ai: row.ai ?? null,
  };
}

/** A conversation card shows the latest incoming message, from the summary row alone. */
export function presentConversation(contact: ContactRow, integrationName: string): Conversation {
  return {
    id: contact.id,
    chat_id: contact.chatId,
    chat_type: chatType(contact),
    sender_name: contact.name,
    content: contact.lastIncomingMessage ?? '',
    timestamp: (contact.lastIncomingAt ?? contact.updatedAt).toISOString(),
    is_from_me: false,
    is_read: contact.unreadCount === 0,
    status: 'received',
    error: null,
    total_message: contact.totalMessages,
    unread_count: contact.unreadCount,
    integration_name: integrationName,
    needs_human: contact.needsHuman,
  };
}

export function presentContact(contact: ContactRow): Contact {
  return {
    id: contact.id,
    name: contact.name,
    phone: contact.phone,
    chat_id: contact.chatId,
    chat_type: chatType(contact),
    timestamp: contact.lastMessageAt?.toISOString() ?? null,
    message: contact.lastMessage,
  };
}

export const chatTypeOfKind = (kind: string): 'wa' | 'telegram' => (kind === 'telegram' ? 'telegram' : 'wa');
