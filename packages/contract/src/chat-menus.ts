import { z } from 'zod';
import { requiredText } from './common.ts';

export const CHAT_MENU_MSG = {
  nameRequired: 'Enter menu name',
  descriptionRequired: 'Enter description',
  workflowRequired: 'Workflow is required',
  actionRequired: 'Action is required',
  childNameRequired: 'Child menu name is required',
  childDescriptionRequired: 'Description is required',
  fillRequired: 'Please fill all required fields correctly',
  fillOneName: 'Please fill at least one menu name',
  created: 'Chat menu created successfully',
  deleted: 'Chat menu deleted successfully',
  workflowUnavailable: 'The workflow is not one of yours',
  actionUnavailable: 'The action does not exist',
} as const;

/** How long a customer's place in the bot menu is kept after their last reply. */
export const BOT_MENU_TTL_MINUTES = 30;
/** Words that open the bot menu from the top at any time. */
export const BOT_MENU_KEYWORDS = ['menu', 'start', '/start'] as const;

/**
 * What the bot does when a leaf entry is picked, by the super-admin menu action's code; an
 * unknown code answers with the entry's description.
 */
export const MENU_ACTION_CODES = {
  reply: 'REPLY',
  workflow: 'RUN_WORKFLOW',
  handOver: 'HAND_OVER',
  ticket: 'CREATE_TICKET',
} as const;

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2147483647, message);

const childBody = z.strictObject({
  name: requiredText(CHAT_MENU_MSG.childNameRequired),
  description: requiredText(CHAT_MENU_MSG.childDescriptionRequired, 1000),
  workflow_id: id(CHAT_MENU_MSG.workflowRequired),
  action_id: id(CHAT_MENU_MSG.actionRequired),
});

export const chatMenuBody = z.strictObject({
  name: requiredText(CHAT_MENU_MSG.nameRequired),
  description: requiredText(CHAT_MENU_MSG.descriptionRequired, 1000),
  workflow_id: id(CHAT_MENU_MSG.workflowRequired),
  action_id: id(CHAT_MENU_MSG.actionRequired),
  children: z.array(childBody).max(20).default([]),
});
export type ChatMenuBody = z.infer<typeof chatMenuBody>;

/** 'Save All Menus' sends the temporary list at once. */
export const createChatMenusBody = z.strictObject({
  menus: z.array(chatMenuBody).min(1, CHAT_MENU_MSG.fillOneName).max(20),
});

const menuFields = {
  id: z.number(),
  external_id: z.string(),
  name: z.string(),
  description: z.string(),
  workflow_id: z.number().nullable(),
  workflow_name: z.string().nullable(),
  action_id: z.number().nullable(),
  action_name: z.string().nullable(),
  company_id: z.number(),
  position: z.number(),
};
export const chatMenu = z.object({ ...menuFields, children: z.array(z.object(menuFields)) });
export type ChatMenu = z.infer<typeof chatMenu>;
