import { envelope, idParam, listEnvelope, listQuery } from '@app/contract/common';
import {
  createMenuActionsBody,
  MENU_ACTION_MSG,
  type MenuAction,
  menuAction,
  updateMenuActionBody,
} from '@app/contract/menu-actions';
import { MSG } from '@app/contract/messages';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { type MenuActionRow, menuActionSortColumns, menuActionsRepo } from './menu-actions.repo.ts';

const tags = ['menu-actions'];

const present = (row: MenuActionRow): MenuAction => ({
  id: row.id,
  action_code: row.actionCode,
  action_name: row.actionName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Super admins keep the catalogue; every signed-in user reads it to build chat menus. */
export function menuActionsRoutes(app: App, { db }: Deps) {
  const repo = menuActionsRepo(db);

  app.get(
    '/api/chats/menus/actions',
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(menuAction) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, menuActionSortColumns);
      const { rows, total } = await repo.list(page, request.query.search);
      return sendList(reply, rows.map(present), page.meta(total));
    },
  );

  app.post(
    '/api/chats/menus/actions',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: createMenuActionsBody, response: { 201: envelope(z.array(menuAction)) } },
    },
    async (request, reply) => {
      const actions = request.body.actions;
      const codes = actions.map((action) => action.action_code);
      const repeated = codes.find((code, index) => codes.indexOf(code) !== index);
      const taken = repeated ?? (await repo.existingCodes(codes))[0];
      if (taken) throw conflict(MENU_ACTION_MSG.codeTaken(taken), 'action_code');
      const rows = await repo.createMany(
        actions.map((a) => ({ actionCode: a.action_code, actionName: a.action_name })),
      );
      return send(reply, rows.map(present), MENU_ACTION_MSG.created, 201);
    },
  );

  app.put(
    '/api/chats/menus/actions/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, body: updateMenuActionBody, response: { 200: envelope(menuAction) } },
    },
    async (request, reply) => {
      const current = await repo.find(request.params.id);
      if (!current) throw notFound(MSG.notFound('Menu action'));
      const { action_code, action_name } = request.body;
      if (action_code !== current.actionCode && (await repo.existingCodes([action_code])).length) {
        throw conflict(MENU_ACTION_MSG.codeTaken(action_code), 'action_code');
      }
      const row = await repo.update(current.id, { actionCode: action_code, actionName: action_name });
      return send(reply, present(row!), MENU_ACTION_MSG.updated);
    },
  );

  app.delete(
    '/api/chats/menus/actions/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      if (!(await repo.remove(request.params.id))) throw notFound(MSG.notFound('Menu action'));
      return send(reply, null, MENU_ACTION_MSG.deleted);
    },
  );
}
