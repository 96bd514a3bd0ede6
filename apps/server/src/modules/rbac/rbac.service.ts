import { MSG } from '@app/contract/messages';
import { ROLE } from '@app/contract/permissions';
import type { Role } from '@app/contract/rbac';
import type { Deps } from '../../deps.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { auditRepo } from '../audit/audit.repo.ts';
import { type PolicyInput, rbacRepo } from './rbac.repo.ts';

const BUILT_IN: string[] = Object.values(ROLE);

type RoleRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof rbacRepo>['findRole']>>>;

export function presentRole(row: RoleRecord): Role {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    description: row.description,
    policies: row.policies.map((p) => ({
      action: p.action,
      feature: p.feature,
      path: p.path,
      role_name: row.name,
    })),
    user_count: row.userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Roles and permissions. Only super admins change them; every change is audited. */
export function rbacService({ db }: Deps) {
  const repo = rbacRepo(db);
  const audit = auditRepo(db);
  // A company user never sees the platform's own role.
  const hiddenFrom = (principal: Principal) => (principal.isSuperAdmin ? [] : [ROLE.superAdmin]);

  async function assertKnownPermissions(policies: PolicyInput[] | undefined) {
    const actions = [...new Set((policies ?? []).map((p) => p.action))];
    const known = new Set(await repo.existingPermissionNames(actions));
    const unknown = actions.filter((action) => !known.has(action));
    if (unknown.length)
      throw badRequest(`Unknown permission: ${unknown.join(', ')}`, [
        { field: 'policies', message: `Unknown permission: ${unknown.join(', ')}` },
      ]);
  }

  async function roleOrThrow(principal: Principal, by: { id: number } | { name: string }) {
    const row = await repo.findRole(by);
    if (!row || hiddenFrom(principal).includes(row.name as never)) throw notFound(MSG.unknownRole);
    return row;
  }

  const auditChange = (
    principal: Principal,
    action: 'rbac.role_created' | 'rbac.role_updated' | 'rbac.role_deleted',
    subject: string,
    details?: Record<string, unknown>,
  ) => audit.record({ action, actorUserId: principal.userId, subject, details });

  return {
    listRoles: (principal: Principal, page: PageRequest, search: string) =>
      repo.listRoles(page, search, { exclude: hiddenFrom(principal) }),

    findRole: (principal: Principal, id: number) => roleOrThrow(principal, { id }),

    async createRole(
      principal: Principal,
      body: { name: string; description?: string | null; policies?: PolicyInput[] },
    ) {
      await assertKnownPermissions(body.policies);
      const id = await repo.createRole({ name: body.name, description: body.description ?? null });
      if (!id) throw conflict(MSG.roleNameTaken, 'name');
      if (body.policies) await repo.setPolicies(id, body.policies);
      await auditChange(principal, 'rbac.role_created', body.name, {
        policies: body.policies?.map((p) => p.action),
      });
      return roleOrThrow(principal, { id });
    },

    async updateRole(
      principal: Principal,
      id: number,
      body: { name?: string; description?: string | null; policies?: PolicyInput[] },
    ) {
      const role = await roleOrThrow(principal, { id });
      if (body.name && body.name !== role.name) {
        if (BUILT_IN.includes(role.name)) throw badRequest(MSG.builtInRole);
        if (await repo.findRole({ name: body.name })) throw conflict(MSG.roleNameTaken, 'name');
      }
      await assertKnownPermissions(body.policies);
      await repo.updateRole(id, { name: body.name, description: body.description });
      if (body.policies) await repo.setPolicies(id, body.policies);
      await auditChange(principal, 'rbac.role_updated', body.name ?? role.name, {
        from: { name: role.name, policies: role.policies.map((p) => p.action) },
        to: { name: body.name, policies: body.policies?.map((p) => p.action) },
      });
      return roleOrThrow(principal, { id });
    },

    async deleteRole(principal: Principal, id: number) {
      const role = await roleOrThrow(principal, { id });
      if (BUILT_IN.includes(role.name)) throw badRequest(MSG.builtInRole);
      if ((await repo.holders(role.name)) > 0) throw conflict(MSG.roleInUse);
      await repo.deleteRole(id);
      await auditChange(principal, 'rbac.role_deleted', role.name);
    },

    listPermissions: (page: PageRequest, search: string) => repo.listPermissions(page, search),

    async createPermissions(principal: Principal, names: string[]) {
      const existing = await repo.existingPermissionNames(names);
      if (existing.length === names.length) throw conflict(MSG.permissionNameTaken, 'name');
      const created = await repo.createPermissions(names.filter((name) => !existing.includes(name)));
      await audit.record({
        action: 'rbac.permission_created',
        actorUserId: principal.userId,
        subject: created.map((p) => p.name).join(','),
      });
      return created;
    },

    async updatePermission(principal: Principal, id: number, name: string) {
      const current = await repo.findPermission(id);
      if (!current) throw notFound(MSG.notFound('Permission'));
      if (name !== current.name) {
        if ((await repo.existingPermissionNames([name])).length)
          throw conflict(MSG.permissionNameTaken, 'name');
        await repo.renamePermission(id, current.name, name);
        await audit.record({
          action: 'rbac.permission_updated',
          actorUserId: principal.userId,
          subject: name,
          details: { from: current.name },
        });
      }
      return (await repo.findPermission(id))!;
    },

    async deletePermission(principal: Principal, id: number) {
      const current = await repo.findPermission(id);
      if (!current) throw notFound(MSG.notFound('Permission'));
      await repo.deletePermission(id, current.name);
      await audit.record({
        action: 'rbac.permission_deleted',
        actorUserId: principal.userId,
        subject: current.name,
      });
    },
  };
}
export type RbacService = ReturnType<typeof rbacService>;
