import type { Notification } from '@app/contract/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

export type NotificationTab = 'all' | 'unread';

/** The panel shows the latest 20; the badge counts every unread one. */
export const PANEL_LIMIT = 20;
const REFRESH_MS = 30_000;

/** Every notification query: the panel's lists, the unread count, the Notification page. */
export const notificationsKey = ['notifications'] as const;

export const notificationsQuery = (tab: NotificationTab) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', tab],
    queryFn: () =>
      api.get<Notification[]>('/notifications', {
        query: { page: 1, limit: PANEL_LIMIT, is_read: tab === 'unread' ? 'false' : undefined },
      }),
    refetchInterval: REFRESH_MS,
  });

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'unread-count'],
    queryFn: async () => (await api.get<{ unread: number }>('/notifications/unread-count')).data.unread,
    refetchInterval: REFRESH_MS,
  });

export const useNotifications = (tab: NotificationTab, enabled: boolean) =>
  useQuery({ ...notificationsQuery(tab), enabled });

export const useUnreadCount = () => useQuery(unreadCountQuery());

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<Notification>(`/notifications/id/${id}/read`),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<null>('/notifications/read-all'),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
