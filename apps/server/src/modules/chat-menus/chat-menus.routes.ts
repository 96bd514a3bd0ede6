import { CHAT_MENU_MSG, type ChatMenu, chatMenu, createChatMenusBody } from '@app/contract/chat-menus';
import { envelope, idParam, listEnvelope, listQuery } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { menuActions } from '../../db/schema/platform.ts';
import { chatMenus } from '../../db/schema/workflows.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { workflowsRepo } from '../workflows/workflows.repo.ts';
import { type ChatMenuEntry, chatMenusRepo } from './chat-menus.repo.ts';

const tags = ['chat-menus'];

const presentEntry = (entry: ChatMenuEntry) => ({
  id: entry.id,
  external_id: entry.externalId,
  name: entry.name,
  description: entry.description,
  workflow_id: entry.workflowId,
  workflow_name: entry.workflowName,
  action_id: entry.actionId,
  action_name: entry.actionName,
  company_id: entry.companyId,
  position: entry.position,
});
const present = (entry: ChatMenuEntry & { children: ChatMenuEntry[] }): ChatMenu => ({
  ...presentEntry(entry),
  children: entry.children.map(presentEntry),
});

/** The Chat Menu screen (client-area §2): the bot's numbered menu, two levels deep. */
export function chatMenusRoutes(app: App, { db }: Deps) {
  app.get(
    '/api/chats/menus',
    {
      config: { access: { permission: 'chatmenu_read' } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(chatMenu) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, { created_at: chatMenus.createdAt });
      const { rows, total } = await chatMenusRepo(db, tenantOf(request).companyId).list(
        page,
        request.query.search,
      );
      return sendList(reply, rows.map(present), page.meta(total));
    },
  );

  app.post(
    '/api/chats/menus',
    {
      config: { access: { permission: 'chatmenu_create' } },
      schema: { tags, body: createChatMenusBody, response: { 201: envelope(z.array(chatMenu)) } },
    },
    async (request, reply) => {
      const { companyId } = tenantOf(request);
      const entries = request.body.menus.flatMap((menu) => [menu, ...menu.children]);
      const workflows = workflowsRepo(db, companyId);
      for (const id of new Set(entries.map((entry) => entry.workflow_id))) {
        if (!(await workflows.find(id))) throw fieldError('workflow_id', CHAT_MENU_MSG.workflowUnavailable);
      }
      const actionIds = [...new Set(entries.map((entry) => entry.action_id))];
      const known = await db
        .select({ id: menuActions.id })
        .from(menuActions)
        .where(inArray(menuActions.id, actionIds));
      if (known.length !== actionIds.length) throw fieldError('action_id', CHAT_MENU_MSG.actionUnavailable);

      const repo = chatMenusRepo(db, companyId);
      const ids = await repo.createMany(request.body.menus);
      const created: ChatMenu[] = [];
      for (const id of ids) {
        const parent = (await repo.find(id))!;
        created.push(present({ ...parent, children: await repo.level(id) }));
      }
      return send(reply, created, CHAT_MENU_MSG.created, 201);
    },
  );

  app.delete(
    '/api/chats/menus/:id',
    { config: { access: { permission: 'chatmenu_delete' } }, schema: { tags, params: idParam } },
    async (request, reply) => {
      const removed = await chatMenusRepo(db, tenantOf(request).companyId).remove(request.params.id);
      if (!removed) throw notFound(MSG.notFound('Chat menu'));
      return send(reply, null, CHAT_MENU_MSG.deleted);
    },
  );
}
