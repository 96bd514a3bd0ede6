import type { Notification } from '@app/contract/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** The Notification page asks for the server's default page size (super-admin §7). */
export const NOTIFICATION_PAGE_SIZE = 10;

/** Under the 'notifications' key, so marking one read refreshes this list too. */
export const notificationPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['notifications', 'page', page],
    queryFn: () =>
      api.get<Notification[]>('/notifications', { query: { page, limit: NOTIFICATION_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useNotificationPage = (page: number) => useQuery(notificationPageQuery(page));
