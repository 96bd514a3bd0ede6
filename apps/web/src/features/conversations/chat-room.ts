import type { ChatMessage } from '@app/contract/chats';
import dayjs from 'dayjs';
import { sameRoom } from '../../shared/ws/ws-client.ts';

/** 'Chat with User {id part before @}' (client-area §2 Chat room). */
export const roomUser = (chatId: string) => chatId.split('@')[0] ?? chatId;

/** The channel of a chat id, for send_to_room's chat_type. */
export const chatTypeOf = (chatId: string, messages: ChatMessage[] = []): 'wa' | 'telegram' =>
  messages[0]?.chat_type ?? (chatId.endsWith('@telegram') ? 'telegram' : 'wa');

/** A conversation's time: DD/MM/YYYY, HH.mm (client-area §2 Conversations). */
export const conversationTime = (value: string) => dayjs(value).format('DD/MM/YYYY, HH.mm');

/** Up to two initials of a name for the avatar. */
export const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Adds a bubble or replaces the one with the same id, keeping time order. */
export function upsertMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = list.findIndex((item) => item.id === message.id);
  if (index >= 0) {
    const next = list.slice();
    // A late 'sent' must not overwrite a 'read' that already arrived.
    next[index] =
      rank(message.status) >= rank(list[index]!.status) || message.status === 'failed'
        ? message
        : list[index]!;
    return next;
  }
  return [...list, message].sort(
    (a, b) => dayjs(a.timestamp).valueOf() - dayjs(b.timestamp).valueOf() || a.id - b.id,
  );
}

const ORDER = ['pending', 'sent', 'delivered', 'read'];
const rank = (status: string) => ORDER.indexOf(status);

/** Whether an event's room is this room (compared by the last ':' segment). */
export const isThisRoom = (eventRoom: unknown, room: string) =>
  typeof eventRoom === 'string' && sameRoom(eventRoom, room);

/** A live event's chat message, when it carries one. */
export const messageOf = (value: unknown): ChatMessage | null =>
  value && typeof value === 'object' && 'id' in value && 'content' in value ? (value as ChatMessage) : null;
