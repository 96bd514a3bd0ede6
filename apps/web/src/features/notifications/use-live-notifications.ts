import type { Notification } from '@app/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { liveConnection } from '../../shared/ws/live-connection.ts';
import { notificationsKey } from './notifications.api.ts';

/**
 * Keeps the shell on the tab's live connection so the bell, the panel and the Notification page
 * follow new notifications without waiting for their 30 s refresh. Quiet on connection problems:
 * the messaging screens report those. `onNotification` lets the shell refresh more (the dashboard).
 */
export function useLiveNotifications(onNotification?: (notification: Notification) => void) {
  const client = useQueryClient();
  const handler = useRef(onNotification);
  handler.current = onNotification;

  useEffect(
    () =>
      liveConnection.listen({
        onEvent: (event) => {
          if (event.type !== 'notification') return;
          void client.invalidateQueries({ queryKey: notificationsKey });
          handler.current?.(event.notification as Notification);
        },
      }),
    [client],
  );
}
