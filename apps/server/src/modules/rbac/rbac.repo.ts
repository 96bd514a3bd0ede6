import { policyPath } from '@app/contract/permissions';
import { and, count, eq, ilike, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { permissions, rolePolicies, roles } from '../../db/schema/rbac.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export interface PolicyInput {
  action: string;
  feature?: string;
  path?: string;
}

/** Roles, their policies and the permission catalogue. Roles are platform-wide, not per tenant. */
export function rbacRepo(db: Db) {
  const policiesOf = async (roleIds: number[]) =>
    roleIds.length === 0
      ? []
      : db
          .select({
            roleId: rolePolicies.roleId,
            action: rolePolicies.action,
            feature: rolePolicies.feature,
            path: rolePolicies.path,
          })
          .from(rolePolicies)
          .where(inArray(rolePolicies.roleId, roleIds))
          .orderBy(rolePolicies.id);

  const userCount = sql<number>`(select count(*)::int from ${users} where ${users.deletedAt} is null and ${roles.name} = any(${users.roles}))`;

  return {
    /** The permission keys held by whoever has this role. */
    async permissionsOfRole(name: string) {
      const rows = await db
        .select({ action: rolePolicies.action })
        .from(rolePolicies)
        .innerJoin(roles, eq(roles.id, rolePolicies.roleId))
        .where(eq(roles.name, name));
      return rows.map((row) => row.action);
    },

    async listRoles(page: PageRequest, search: string, options: { exclude?: string[] } = {}) {
      const where = and(
        search ? ilike(roles.name, likePattern(search)) : undefined,
        options.exclude?.length ? notInArray(roles.name, options.exclude) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ role: roles, userCount })
          .from(roles)
          .where(where)
          .orderBy(page.order, roles.id)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(roles).where(where),
      ]);
      const policies = await policiesOf(rows.map((row) => row.role.id));
      return {
        total: total?.n ?? 0,
        rows: rows.map((row) => ({
          ...row.role,
          userCount: row.userCount,
          policies: policies.filter((policy) => policy.roleId === row.role.id),
        })),
      };
    },

    async findRole(by: { id: number } | { name: string }) {
      const [row] = await db
        .select({ role: roles, userCount })
        .from(roles)
        .where('id' in by ? eq(roles.id, by.id) : eq(roles.name, by.name));
      if (!row) return undefined;
      return { ...row.role, userCount: row.userCount, policies: await policiesOf([row.role.id]) };
    },

    async createRole(input: { name: string; description?: string | null }) {
      const [row] = await db
        .insert(roles)
        .values(input)
        .onConflictDoNothing({ target: roles.name })
        .returning({ id: roles.id });
      return row?.id;
    },

    /** Also touches updated_at when only the policies change. */
    async updateRole(id: number, input: { name?: string; description?: string | null }) {
      await db
        .update(roles)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(roles.id, id));
    },

    deleteRole(id: number) {
      return db.delete(roles).where(eq(roles.id, id));
    },

    /** Replaces a role's policies with `policies` (action is the permission key). */
    async setPolicies(roleId: number, policies: PolicyInput[]) {
      await db.transaction(async (tx) => {
        await tx.delete(rolePolicies).where(eq(rolePolicies.roleId, roleId));
        const unique = [...new Map(policies.map((p) => [p.action, p])).values()];
        if (unique.length === 0) return;
        await tx.insert(rolePolicies).values(
          unique.map((p) => ({
            roleId,
            action: p.action,
            feature: p.feature ?? 'permission',
            path: p.path || policyPath(p.action),
          })),
        );
      });
    },

    async existingPermissionNames(names: string[]) {
      if (names.length === 0) return [];
      const rows = await db
        .select({ name: permissions.name })
        .from(permissions)
        .where(inArray(permissions.name, names));
      return rows.map((row) => row.name);
    },

    async listPermissions(page: PageRequest, search: string) {
      const where = search ? ilike(permissions.name, likePattern(search)) : undefined;
      return pageOfRows(db, permissions, where, page);
    },

    async findPermission(id: number) {
      const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
      return row;
    },

    /** Adds the names that are missing; returns the rows created. */
    createPermissions(names: string[]) {
      return db
        .insert(permissions)
        .values(names.map((name) => ({ name })))
        .onConflictDoNothing({ target: permissions.name })
        .returning();
    },

    /** Renames a permission and every policy that grants it, in one transaction. */
    async renamePermission(id: number, from: string, to: string) {
      await db.transaction(async (tx) => {
        await tx.update(permissions).set({ name: to }).where(eq(permissions.id, id));
        await tx
          .update(rolePolicies)
          .set({ action: to, path: policyPath(to) })
          .where(eq(rolePolicies.action, from));
      });
    },

    async deletePermission(id: number, name: string) {
      await db.transaction(async (tx) => {
        await tx.delete(rolePolicies).where(eq(rolePolicies.action, name));
        await tx.delete(permissions).where(eq(permissions.id, id));
      });
    },

    /** Users still holding a role (not deleted). */
    async holders(name: string) {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.deletedAt), sql`${name} = any(${users.roles})`));
      return row?.n ?? 0;
    },
  };
}
export type RbacRepo = ReturnType<typeof rbacRepo>;
