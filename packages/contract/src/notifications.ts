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

/** Push topics: every super admin, or one company by its id. */
export const PUSH_TOPIC_SUPER_ADMIN = 'super_admin';
export const pushTopicParam = z.object({
  topic: z.string().regex(/^(super_admin|[1-9]\d{0,9})$/, 'Topic must be super_admin or a company id'),
});

/**
 * `token` is an FCM registration token, or a standard Web Push subscription
 * (`PushSubscription.toJSON()`) serialised as JSON.
 */
export const pushSubscribeBody = z.object({ token: z.string().trim().min(1, 'Token is required').max(4096) });

/** What the browser needs to subscribe; a null key means push is off on this server. */
export const pushConfig = z.object({ web_push_public_key: z.string().nullable() });
export type PushConfig = z.infer<typeof pushConfig>;

/** The payload of every push message; FCM requires string values. */
export interface PushPayload {
  title: string;
  body: string;
  type_message: Notification['type_message'];
  notification_id: string;
  link: string;
}

/**
 * Where a clicked push leads (client-area §4): chats, blasts and schedules open
 * their client pages; information and transactions lead to super-admin pages only
 * for a super admin; tickets open the ticket list; anything else the dashboard.
 */
export function pushLink(type: Notification['type_message'], superAdmin: boolean): string {
  if (superAdmin) {
    if (type === 'Transaction') return '/super-admin/transactions';
    return '/super-admin/notification';
  }
  if (type === 'Chat') return '/client/messages';
  if (type === 'Blast') return '/client/messages/blast';
  if (type === 'Schedule') return '/client/messages/scheduled';
  if (type === 'Ticket') return '/client/tickets';
  return '/client/dashboard';
}
