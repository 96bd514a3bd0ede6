import { z } from 'zod';
import { listQuery } from './common.ts';

export const NOTIFICATION_TYPES = [
  'Information',
  'Transaction',
  'Ticket',
  'Schedule',
  'Blast',
  'Chat',
] as const;

export const notification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  type_message: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = listQuery.extend({
  is_read: z.enum(['true', 'false']).optional(),
});

export const unreadCount = z.object({ unread: z.number() });
