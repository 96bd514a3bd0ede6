import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { beforeSessionEnds } from '../../shared/auth/session-actions.ts';
import { notify, TOAST_MS } from '../../shared/notify/notify.ts';
import { notificationsKey } from './notifications.api.ts';
import { pushTopicOf } from './push.ts';
import { enablePush, leavePush } from './push-enabling.ts';
import { consolePath, listenToPushMessages } from './push-messages.ts';

/**
 * Browser push for a signed-in shell: subscribes this browser to the person's topic (and again after
 * switching accounts), unsubscribes before the session ends, shows a push that arrives while the page
 * is visible as a 5 s toast, and follows a clicked push to its link (client-area §4).
 */
export function usePushNotifications() {
  const topic = pushTopicOf(useSession()?.user);
  const navigate = useNavigate();
  const client = useQueryClient();

  useEffect(() => (topic ? enablePush(topic) : undefined), [topic]);

  useEffect(() => beforeSessionEnds((reason) => leavePush(reason === 'switch-account')), []);

  useEffect(() => {
    const open = (link: string) => {
      const path = consolePath(link);
      if (path) navigate(path);
    };
    return listenToPushMessages({
      onPush: (payload) => {
        void client.invalidateQueries({ queryKey: notificationsKey });
        notify('info', payload.body, payload.title, {
          autoClose: TOAST_MS.push,
          onClick: () => open(payload.link),
        });
      },
      onOpen: open,
    });
  }, [navigate, client]);
}
