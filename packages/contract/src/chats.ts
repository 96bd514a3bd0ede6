import { z } from 'zod';
import { aiReplyMeta } from './ai-characters.ts';
import { listQuery } from './common.ts';

export const CHAT_TYPES = ['wa', 'telegram'] as const;
export const MESSAGE_MAX = 4096;

/** One bubble of a chat room (client-area §3 "Chat message"). */
export const chatMessage = z.object({
  id: z.number(),
  chat_id: z.string(),
  chat_type: z.enum(CHAT_TYPES),
  sender_name: z.string(),
  content: z.string(),
  timestamp: z.string(),
  is_from_me: z.boolean(),
  is_read: z.boolean(),
  status: z.string(),
  error: z.string().nullable(),
  /** Set on the AI agent's replies: the model, tokens and passages it used. */
  ai: aiReplyMeta.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation card: the latest incoming message of a chat (client-area §2 Conversations). */
export const conversation = chatMessage.omit({ ai: true }).extend({
  total_message: z.number(),
  unread_count: z.number(),
  integration_name: z.string(),
  /** The AI stopped for this chat (the customer asked for a person, or it found no answer). */
  needs_human: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

/** Contact (client-area §3): `timestamp` and `message` are the latest activity. */
export const contact = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  chat_id: z.string(),
  chat_type: z.enum(CHAT_TYPES),
  timestamp: z.string().nullable(),
  message: z.string().nullable(),
});
export type Contact = z.infer<typeof contact>;

export const contactListQuery = listQuery.extend({
  order_by: z.enum(['timestamp', 'created_at', 'name']).optional(),
});

export const roomParam = z.strictObject({ room: z.string().min(1).max(128) });
export const roomQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const sendMessageBody = z.strictObject({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
});

export const chatConfig = z.object({
  use_ai: z.boolean(),
  use_bot: z.boolean(),
  auto_reply: z.boolean(),
  ai_type: z.enum(['internal', 'external']),
  company_id: z.number(),
});
export type ChatConfig = z.infer<typeof chatConfig>;

/** The 'Use AI' switch sends use_bot false and auto_reply true (client-area §9). */
export const saveChatConfigBody = z.strictObject({
  use_ai: z.boolean({ error: 'use_ai is required' }),
  use_bot: z.boolean().optional(),
  auto_reply: z.boolean().optional(),
  company_id: z.number().optional(),
});

export const aiPriorityBody = z.strictObject({
  ai_type: z.enum(['internal', 'external'], { error: 'AI type is required' }),
});

/** The live connection's messages (client-area §7). */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), room_id: z.string().min(1).max(200), message: z.null().optional() }),
  z.object({
    type: z.literal('send_to_room'),
    room_id: z.string().min(1).max(200),
    message: z.string().max(MESSAGE_MAX),
    chat_type: z.enum(CHAT_TYPES).optional(),
  }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

export const CHAT_MSG = {
  noQuota: 'You have reached your limit of messages for this month',
  roomDeleted: 'Room deleted successfully',
  configSaved: 'Chat configuration saved successfully',
  aiSettingsSaved: 'Ai settings updated successfully',
  roomNotFound: 'Chat not found',
  integrationInactive: 'This conversation’s integration is not active',
  sent: 'Message sent',
} as const;
