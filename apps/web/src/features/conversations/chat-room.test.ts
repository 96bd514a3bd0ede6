import type { ChatMessage } from '@app/contract/chats';
import { describe, expect, it } from 'vitest';
import { chatTypeOf, conversationTime, initials, isThisRoom, roomUser, upsertMessage } from './chat-room.ts';

const message = (id: number, status: string, minute = id): ChatMessage => ({
  id,
  chat_id: '62811@c.us',
  chat_type: 'wa',
  sender_name: 'Agent',
  content: `m${id}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
  is_from_me: true,
  is_read: false,
  status,
  error: null,
  ai: null,
});

describe('chat room helpers', () => {
  it('names the user by the id part before @', () => {
    expect(roomUser('6281234567890@c.us')).toBe('6281234567890');
    expect(roomUser('5511223344@telegram')).toBe('5511223344');
    expect(roomUser('plain')).toBe('plain');
  });

  it('knows the channel from the id when no message says it', () => {
    expect(chatTypeOf('5511223344@telegram')).toBe('telegram');
    expect(chatTypeOf('6281@c.us')).toBe('wa');
  });

  it('formats times as DD/MM/YYYY, HH.mm and makes initials', () => {
    expect(conversationTime('2026-03-04T05:06:00')).toBe('04/03/2026, 05.06');
    expect(initials('budi santoso wijaya')).toBe('BS');
    expect(initials('  ')).toBe('?');
  });

  it('compares rooms by the last colon-separated segment', () => {
    expect(isThisRoom('company:7:6281@c.us', '6281@c.us')).toBe(true);
    expect(isThisRoom('6282@c.us', '6281@c.us')).toBe(false);
    expect(isThisRoom(undefined, '6281@c.us')).toBe(false);
  });

  it('adds bubbles in time order and never moves a tick backwards', () => {
    let list = upsertMessage([], message(2, 'sent'));
    list = upsertMessage(list, message(1, 'read'));
    expect(list.map((m) => m.id)).toEqual([1, 2]);
    list = upsertMessage(list, message(2, 'read'));
    list = upsertMessage(list, message(2, 'delivered'));
    expect(list[1]?.status).toBe('read');
    list = upsertMessage(list, message(2, 'failed'));
    expect(list[1]?.status).toBe('failed');
    list = upsertMessage(list, message(2, 'pending'));
    expect(list[1]?.status).toBe('pending');
  });
});
