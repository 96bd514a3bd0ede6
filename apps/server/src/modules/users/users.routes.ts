import { envelope, externalIdParam, idParam, listEnvelope, listQuery } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import {
  adminUserListQuery,
  clientProfile,
  createUserBody,
  preferences,
  registerUserBody,
  updatePreferencesBody,
  updateProfileBody,
  updateUserBody,
  user,
} from '@app/contract/users';
import { z } from 'zod';
import { principalOf, tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { presentClientProfile, presentPreferences, presentUser } from './users.presenter.ts';
import { userSortColumns } from './users.repo.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];

export function usersRoutes(app: App, users: UsersService) {
  // The Users screen: a company's staff.
  app.get(
    '/api/users',
    {
      config: { access: { permission: 'users_read' } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(user) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, userSortColumns);
      const { rows, total } = await users.list(tenantOf(request)).list(page, request.query.search);
      return sendList(reply, rows.map(presentUser), page.meta(total));
    },
  );

  app.get(
    '/api/users/id/:id',
    {
      config: { access: { permission: 'users_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(user) } },
    },
    async (request, reply) =>
      send(reply, presentUser(await users.findInCompany(tenantOf(request), request.params.id))),
  );

  app.post(
    '/api/users',
    {
      config: { access: { permission: 'users_create' } },
      schema: { tags, body: createUserBody, response: { 201: envelope(user) } },
    },
    async (request, reply) =>
      send(reply, presentUser(await users.create(tenantOf(request), request.body)), MSG.userRegistered, 201),
  );

  app.put(
    '/api/users/id/:id',
    {
      config: { access: { permission: 'users_update' } },
      schema: { tags, params: idParam, body: updateUserBody, response: { 200: envelope(user) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentUser(await users.update(tenantOf(request), request.params.id, request.body)),
        MSG.userUpdated,
      ),
  );

  app.delete(
    '/api/users/id/:id',
    {
      config: { access: { permission: 'users_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await users.remove(tenantOf(request), request.params.id);
      return send(reply, null, MSG.userDeleted);
    },
  );

  app.post(
    '/api/client/companies/register-user',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: registerUserBody, response: { 201: envelope(user) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentUser(await users.register(principalOf(request), request.body)),
        MSG.userRegistered,
        201,
      ),
  );

  // Everyone's own account.
  app.get(
    '/api/client/companies/users/me',
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: envelope(clientProfile) } } },
    async (request, reply) => {
      const row = await users.ownAccount(principalOf(request), { id: principalOf(request).userId });
      const company = row.companyId ? await users.company(row.companyId) : undefined;
      return send(reply, presentClientProfile(row, company));
    },
  );

  app.get(
    '/api/users/external/:id',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: externalIdParam, response: { 200: envelope(user) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentUser(await users.ownAccount(principalOf(request), { externalId: request.params.id })),
      ),
  );

  app.put(
    '/api/users/external/:id',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: externalIdParam, body: updateProfileBody, response: { 200: envelope(user) } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const row = await users.ownAccount(principal, { externalId: request.params.id });
      return send(
        reply,
        presentUser(await users.updateProfile(principal, row, request.body)),
        MSG.profileUpdated,
      );
    },
  );

  app.get(
    '/api/users/external/:id/preferences',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: externalIdParam, response: { 200: envelope(preferences) } },
    },
    async (request, reply) => {
      const row = await users.ownAccount(principalOf(request), { externalId: request.params.id });
      return send(reply, presentPreferences(await users.preferences(row.id)));
    },
  );

  for (const [path, params, by] of [
    [
      '/api/users/external/:id/preferences',
      externalIdParam,
      (id: string | number) => ({ externalId: String(id) }),
    ],
    ['/api/users/id/:id/preferences', idParam, (id: string | number) => ({ id: Number(id) })],
  ] as const) {
    app.put(
      path,
      {
        config: { access: { signedIn: true } },
        schema: { tags, params, body: updatePreferencesBody, response: { 200: envelope(preferences) } },
      },
      async (request, reply) => {
        const row = await users.ownAccount(
          principalOf(request),
          by((request.params as { id: string | number }).id),
        );
        const body = request.body;
        const saved = await users.savePreferences(row.id, {
          theme: body.theme,
          language: body.language,
          notifications: body.notifications,
          emailFrequency: body.email_frequency,
          customSettings: body.custom_settings,
        });
        return send(reply, presentPreferences(saved), MSG.preferencesUpdated);
      },
    );
  }
}

/** Super-admin User Management: every user of the platform; new ones are super admins. */
export function adminUsersRoutes(app: App, users: UsersService) {
  const access = { superAdmin: true } as const;

  app.get(
    '/api/admin/users',
    {
      config: { access },
      schema: { tags, querystring: adminUserListQuery, response: { 200: listEnvelope(user) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, userSortColumns);
      const { rows, total } = await users.platformList(page, request.query.search, request.query.role);
      return sendList(reply, rows.map(presentUser), page.meta(total));
    },
  );

  app.post(
    '/api/admin/users',
    { config: { access }, schema: { tags, body: createUserBody, response: { 201: envelope(user) } } },
    async (request, reply) =>
      send(
        reply,
        presentUser(await users.createSuperAdmin(principalOf(request), request.body)),
        'User created successfully',
        201,
      ),
  );

  app.put(
    '/api/admin/users/id/:id',
    {
      config: { access },
      schema: { tags, params: idParam, body: updateUserBody, response: { 200: envelope(user) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentUser(await users.updateAnyUser(principalOf(request), request.params.id, request.body)),
        MSG.userUpdated,
      ),
  );
}
