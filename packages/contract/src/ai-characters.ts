import { z } from 'zod';
import { CATEGORY_ICONS } from './tickets.ts';

/** AI character settings, message categories and the response simulator (client-area §2, §3, §5, §9). */
export const CONVERSATION_TYPES = ['professional', 'friendly', 'casual', 'formal'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export const PRIMARY_LANGUAGES = ['id', 'en'] as const;
export type PrimaryLanguage = (typeof PRIMARY_LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<PrimaryLanguage, string> = { id: 'Indonesia', en: 'English' };
export const CUSTOM_PROMPT_MAX = 500;
export const SIMULATION_MESSAGE_MAX = 500;
export const CATEGORY_TITLE_MAX = 100;
export const CATEGORY_PROMPT_MAX = 2000;
export const CATEGORIES_MAX = 50;
/** Unsaved categories carry a temporary id with this prefix in the browser; it never reaches the server. */
export const DUMMY_ID_PREFIX = 'dummy-';
export const COPIED_FOR_MS = 2000;

export const AI_MSG = {
  conversationTypeRequired: 'Conversation type is required',
  primaryLanguageRequired: 'Primary language is required',
  customPromptTooLong: 'Custom prompt must be less than 500 characters',
  iconRequired: 'Icon is required',
  categoryNameRequired: 'Category Name is required',
  categoryPromptRequired: 'Category Prompt is required',
  categoryRequired: 'Category is required',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 500 characters',
  saved: 'AI Character settings updated successfully',
  simulated: 'Message simulated successfully',
  categoryNotFound: 'Category not found',
  aiQuotaReached: 'You have reached your AI usage limit for this month',
} as const;

export const messageCategory = z.object({
  id: z.number(),
  icon: z.enum(CATEGORY_ICONS),
  title: z.string(),
  description: z.string(),
});
export type MessageCategory = z.infer<typeof messageCategory>;

export const aiCharacter = z.object({
  conversation_type: z.enum(CONVERSATION_TYPES),
  primary_language: z.enum(PRIMARY_LANGUAGES),
  custom_prompt: z.string(),
  categories: z.array(messageCategory),
  updated_at: z.string().nullable(),
});
export type AiCharacter = z.infer<typeof aiCharacter>;

const categoryInput = z.strictObject({
  /** A saved category keeps its id; a new one has none. Saved ids left out of the list are deleted. */
  id: z.number().int().positive().optional(),
  icon: z.enum(CATEGORY_ICONS, { error: AI_MSG.iconRequired }),
  title: z
    .string({ error: AI_MSG.categoryNameRequired })
    .trim()
    .min(1, AI_MSG.categoryNameRequired)
    .max(CATEGORY_TITLE_MAX, `Category Name must be at most ${CATEGORY_TITLE_MAX} characters`),
  description: z
    .string({ error: AI_MSG.categoryPromptRequired })
    .trim()
    .min(1, AI_MSG.categoryPromptRequired)
    .max(CATEGORY_PROMPT_MAX, `Category Prompt must be at most ${CATEGORY_PROMPT_MAX} characters`),
});
export type MessageCategoryInput = z.infer<typeof categoryInput>;

export const saveAiCharacterBody = z.strictObject({
  conversation_type: z.enum(CONVERSATION_TYPES, { error: AI_MSG.conversationTypeRequired }),
  primary_language: z.enum(PRIMARY_LANGUAGES, { error: AI_MSG.primaryLanguageRequired }),
  custom_prompt: z.string().trim().max(CUSTOM_PROMPT_MAX, AI_MSG.customPromptTooLong).default(''),
  categories: z.array(categoryInput).max(CATEGORIES_MAX, `At most ${CATEGORIES_MAX} categories`).default([]),
});
export type SaveAiCharacterBody = z.infer<typeof saveAiCharacterBody>;

export const simulateBody = z.strictObject({
  category_id: z.coerce
    .number({ error: AI_MSG.categoryRequired })
    .int(AI_MSG.categoryRequired)
    .positive(AI_MSG.categoryRequired),
  message: z
    .string({ error: AI_MSG.messageRequired })
    .trim()
    .min(1, AI_MSG.messageRequired)
    .max(SIMULATION_MESSAGE_MAX, AI_MSG.messageTooLong),
});
export type SimulateBody = z.infer<typeof simulateBody>;

/** What the agent used for a reply: shown with the bubble in the chat room and in the simulator. */
export const aiReplyMeta = z.object({
  model: z.string(),
  /**
   * 'llm' when a language model wrote it, 'retrieval' when it was composed from passages alone,
   * 'workflow' when the company's N8N workflow answered (AI type external).
   */
  mode: z.enum(['llm', 'retrieval', 'workflow']),
  category: z.string().nullable(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  passages: z.array(z.object({ knowledge: z.string(), excerpt: z.string() })),
});
export type AiReplyMeta = z.infer<typeof aiReplyMeta>;

export const simulation = z.object({ response: z.string(), meta: aiReplyMeta });
export type Simulation = z.infer<typeof simulation>;
