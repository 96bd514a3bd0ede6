import { envelope, idParam, listEnvelope } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import {
  notification,
  notificationListQuery,
  pushConfig,
  pushSubscribeBody,
  pushTopicParam,
  unreadCount,
} from '@app/contract/notifications';
import { z } from 'zod';
import { notifications } from '../../db/schema/notifications.ts';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { type NotificationsService, presentNotification } from './notifications.service.ts';
import type { PushService } from './push.service.ts';

const tags = ['notifications'];

const subscription = z.object({ topic: z.string(), subscribed: z.boolean() });

/** A signed-in person's own notifications, and the devices that receive them as pushes. */
export function notificationsRoutes(app: App, { repo }: NotificationsService, push: PushService) {
  app.get(
    '/api/notifications',
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: notificationListQuery, response: { 200: listEnvelope(notification) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, { created_at: notifications.createdAt });
      const isRead = request.query.is_read === undefined ? undefined : request.query.is_read === 'true';
      const { rows, total } = await repo.list(principalOf(request).userId, page, isRead);
      return sendList(reply, rows.map(presentNotification), page.meta(total));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: envelope(unreadCount) } } },
    async (request, reply) => send(reply, { unread: await repo.unread(principalOf(request).userId) }),
  );

  app.put(
    '/api/notifications/id/:id/read',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: idParam, response: { 200: envelope(notification) } },
    },
    async (request, reply) => {
      const row = await repo.markRead(principalOf(request).userId, request.params.id);
      if (!row) throw notFound(MSG.notFound('Notification'));
      return send(reply, presentNotification(row));
    },
  );

  app.put(
    '/api/notifications/read-all',
    {
      config: { access: { signedIn: true } },
      schema: { tags, response: { 200: envelope(z.object({ updated: z.number() })) } },
    },
    async (request, reply) => send(reply, { updated: await repo.markAllRead(principalOf(request).userId) }),
  );

  app.get(
    '/api/notifications/push-config',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: envelope(pushConfig) } } },
    async (_request, reply) => send(reply, await push.publicConfig()),
  );

  for (const subscribed of [true, false]) {
    app.put(
      `/api/notifications/${subscribed ? 'subscribe' : 'unsubscribe'}/:topic`,
      {
        config: { access: { signedIn: true } },
        schema: {
          tags,
          params: pushTopicParam,
          body: pushSubscribeBody,
          response: { 200: envelope(subscription) },
        },
      },
      async (request, reply) => {
        const { topic } = request.params;
        const principal = principalOf(request);
        if (subscribed) await push.subscribe(principal, topic, request.body.token);
        else await push.unsubscribe(principal, topic, request.body.token);
        return send(reply, { topic, subscribed });
      },
    );
  }
}
