import { envelope, idParam, listEnvelope, listQuery } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import {
  createPermissionBody,
  createRoleBody,
  permission,
  role,
  updatePermissionBody,
  updateRoleBody,
} from '@app/contract/rbac';
import { z } from 'zod';
import { permissions, roles } from '../../db/schema/rbac.ts';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { presentRole, type RbacService } from './rbac.service.ts';

const tags = ['rbac'];
const presentPermission = (row: { id: number; externalId: string; name: string; createdAt: Date }) => ({
  id: row.id,
  external_id: row.externalId,
  name: row.name,
  created_at: row.createdAt.toISOString(),
});

export function rbacRoutes(app: App, rbac: RbacService) {
  // Any signed-in user reads roles: the shell loads its own role's policies, the Users screen picks roles.
  app.get(
    '/api/rbac/roles',
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(role) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, { created_at: roles.createdAt, name: roles.name });
      const { rows, total } = await rbac.listRoles(principalOf(request), page, request.query.search);
      return sendList(reply, rows.map(presentRole), page.meta(total));
    },
  );

  app.get(
    '/api/rbac/roles/id/:id',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: idParam, response: { 200: envelope(role) } },
    },
    async (request, reply) =>
      send(reply, presentRole(await rbac.findRole(principalOf(request), request.params.id))),
  );

  app.post(
    '/api/rbac/roles',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: createRoleBody, response: { 201: envelope(role) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentRole(await rbac.createRole(principalOf(request), request.body)),
        MSG.roleCreated,
        201,
      ),
  );

  app.put(
    '/api/rbac/roles/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, body: updateRoleBody, response: { 200: envelope(role) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentRole(await rbac.updateRole(principalOf(request), request.params.id, request.body)),
        MSG.roleUpdated,
      ),
  );

  app.delete(
    '/api/rbac/roles/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await rbac.deleteRole(principalOf(request), request.params.id);
      return send(reply, null, MSG.roleDeleted);
    },
  );

  app.get(
    '/api/rbac/permissions',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(permission) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, { created_at: permissions.createdAt, name: permissions.name });
      const { rows, total } = await rbac.listPermissions(page, request.query.search);
      return sendList(reply, rows.map(presentPermission), page.meta(total));
    },
  );

  app.post(
    '/api/rbac/permissions',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: createPermissionBody, response: { 201: envelope(z.array(permission)) } },
    },
    async (request, reply) => {
      const created = await rbac.createPermissions(principalOf(request), request.body.name);
      return send(reply, created.map(presentPermission), MSG.permissionCreated, 201);
    },
  );

  app.put(
    '/api/rbac/permissions/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, body: updatePermissionBody, response: { 200: envelope(permission) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentPermission(
          await rbac.updatePermission(principalOf(request), request.params.id, request.body.name),
        ),
        MSG.permissionUpdated,
      ),
  );

  app.delete(
    '/api/rbac/permissions/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await rbac.deletePermission(principalOf(request), request.params.id);
      return send(reply, null, MSG.permissionDeleted);
    },
  );
}
