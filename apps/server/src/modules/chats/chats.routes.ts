import {
  aiPriorityBody,
  CHAT_MSG,
  chatConfig,
  chatMessage,
  contact,
  contactListQuery,
  conversation,
  roomParam,
  roomQuery,
  saveChatConfigBody,
  sendMessageBody,
} from '@app/contract/chats';
import { envelope, listEnvelope, listQuery } from '@app/contract/common';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { principalOf, tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { type ChatConfigRow, chatConfigsRepo } from './chat-configs.repo.ts';
import { presentContact, presentConversation, presentMessage } from './chats.presenter.ts';
import { chatsRepo } from './chats.repo.ts';
import type { ChatsService } from './chats.service.ts';

const tags = ['chats'];

const presentConfig = (row: ChatConfigRow) => ({
  use_ai: row.useAi,
  use_bot: row.useBot,
  auto_reply: row.autoReply,
  ai_type: row.aiType === 'external' ? ('external' as const) : ('internal' as const),
  company_id: row.companyId,
});

export function chatsRoutes(app: App, { db }: Deps, chats: ChatsService) {
  // Conversations: one card per chat with its latest incoming message.
  app.get(
    '/api/chats',
    {
      config: { access: { permission: 'message_read' } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(conversation) } },
    },
    async (request, reply) => {
      const { page, limit, search } = request.query;
      const offset = request.query.offset ?? (page - 1) * limit;
      const { rows, total } = await chatsRepo(db, tenantOf(request).companyId).conversations(
        limit,
        offset,
        search,
      );
      return sendList(
        reply,
        rows.map((row) => presentConversation(row.contact, row.integrationName)),
        { page, limit, total, offset, search, sort_by: 'desc', order_by: 'timestamp' },
      );
    },
  );

  app.get(
    '/api/chats/contacts',
    {
      config: { access: { permission: 'contact_read' } },
      schema: { tags, querystring: contactListQuery, response: { 200: listEnvelope(contact) } },
    },
    async (request, reply) => {
      const { page, limit, search, sort_by } = request.query;
      const order = request.query.order_by ?? 'timestamp';
      const offset = request.query.offset ?? (page - 1) * limit;
      const { rows, total } = await chatsRepo(db, tenantOf(request).companyId).contacts(
        limit,
        offset,
        search,
        order,
        sort_by,
      );
      return sendList(reply, rows.map(presentContact), {
        page,
        limit,
        total,
        offset,
        search,
        sort_by,
        order_by: order,
      });
    },
  );

  app.get(
    '/api/chats/room/:room',
    {
      config: { access: { permission: 'chat_read' } },
      schema: {
        tags,
        params: roomParam,
        querystring: roomQuery,
        response: { 200: listEnvelope(chatMessage) },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { page, limit } = request.query;
      const room = await chats.room(tenant, request.params.room);
      const { rows, total } = await chatsRepo(db, tenant.companyId).roomPage(room, limit, (page - 1) * limit);
      return sendList(
        reply,
        rows.map((row) => presentMessage(room, row)),
        {
          page,
          limit,
          total,
          offset: (page - 1) * limit,
          search: '',
          sort_by: 'desc',
          order_by: 'timestamp',
        },
      );
    },
  );

  app.post(
    '/api/chats/room/:room/messages',
    {
      config: { access: { permission: 'chat_create' } },
      schema: { tags, params: roomParam, body: sendMessageBody, response: { 201: envelope(chatMessage) } },
    },
    async (request, reply) =>
      send(
        reply,
        await chats.send(tenantOf(request), principalOf(request), request.params.room, request.body.message),
        CHAT_MSG.sent,
        201,
      ),
  );

  app.post(
    '/api/chats/room/:room/messages/:id/retry',
    {
      config: { access: { permission: 'chat_create' } },
      schema: {
        tags,
        params: roomParam.extend({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(chatMessage) },
      },
    },
    async (request, reply) =>
      send(reply, await chats.retry(tenantOf(request), request.params.room, request.params.id)),
  );

  app.post(
    '/api/chats/room/:room/read',
    {
      config: { access: { permission: 'chat_read' } },
      schema: { tags, params: roomParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await chats.markRead(tenantOf(request), request.params.room);
      return send(reply, null);
    },
  );

  app.delete(
    '/api/chats/room/:room',
    {
      config: { access: { permission: 'chat_delete' } },
      schema: { tags, params: roomParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await chats.deleteRoom(tenantOf(request), request.params.room);
      return send(reply, null, CHAT_MSG.roomDeleted);
    },
  );

  app.get(
    '/api/chats/room/:room/download',
    { config: { access: { permission: 'chat_read' } }, schema: { tags, params: roomParam } },
    async (request, reply) => {
      const file = await chats.workbook(tenantOf(request), request.params.room);
      const name = `chat_${request.params.room.replace(/[^\w.@-]/g, '_')}.xlsx`;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  );

  app.get(
    '/api/chats/configs',
    {
      config: { access: { permission: 'message_read' } },
      schema: { tags, response: { 200: envelope(chatConfig) } },
    },
    async (request, reply) =>
      send(reply, presentConfig(await chatConfigsRepo(db, tenantOf(request).companyId).get())),
  );

  app.post(
    '/api/chats/configs',
    {
      config: { access: { permission: 'message_update' } },
      schema: { tags, body: saveChatConfigBody, response: { 200: envelope(chatConfig) } },
    },
    async (request, reply) => {
      const { use_ai, use_bot, auto_reply } = request.body;
      const row = await chatConfigsRepo(db, tenantOf(request).companyId).save({
        useAi: use_ai,
        useBot: use_bot,
        autoReply: auto_reply,
      });
      return send(reply, presentConfig(row), CHAT_MSG.configSaved);
    },
  );

  app.post(
    '/api/chats/configs/ai-priority',
    {
      config: { access: { permission: 'ai_update' } },
      schema: { tags, body: aiPriorityBody, response: { 200: envelope(chatConfig) } },
    },
    async (request, reply) => {
      const row = await chatConfigsRepo(db, tenantOf(request).companyId).save({
        aiType: request.body.ai_type,
      });
      return send(reply, presentConfig(row), CHAT_MSG.aiSettingsSaved);
    },
  );
}
