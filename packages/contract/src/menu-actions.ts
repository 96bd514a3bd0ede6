import { z } from 'zod';
import { requiredText } from './common.ts';

export const menuAction = z.object({
  id: z.number(),
  action_code: z.string(),
  action_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MenuAction = z.infer<typeof menuAction>;

const actionFields = {
  action_code: requiredText('Action code is required', 64),
  action_name: requiredText('Action name is required', 255),
};

/** Several actions may be added in one submission (super-admin §5). */
export const createMenuActionsBody = z.strictObject({
  actions: z.array(z.strictObject(actionFields)).min(1, 'Add at least one action').max(50),
});
export const updateMenuActionBody = z.strictObject(actionFields);

export const MENU_ACTION_MSG = {
  created: 'Menu Action created successfully',
  updated: 'Menu Action updated successfully',
  deleted: 'Menu Action deleted successfully',
  codeTaken: (code: string) => `Action code ${code} already exists`,
} as const;
