import { MSG } from '@app/contract/messages';
import { ROLE } from '@app/contract/permissions';
import type { CreateUserBody, UpdateProfileBody, UpdateUserBody } from '@app/contract/users';
import type { Deps } from '../../deps.ts';
import type { Principal, Tenant } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { auditRepo } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { companiesRepo } from '../companies/companies.repo.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import { rbacRepo } from '../rbac/rbac.repo.ts';
import {
  companyUsersRepo,
  platformUsersRepo,
  type UserChanges,
  type UserRow,
  usersRepo,
} from './users.repo.ts';

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Users of companies: the Users screen, registering admins, and everyone's own profile. */
export function usersService({ db }: Deps, notifications: NotificationsService, platform: PlatformService) {
  const users = usersRepo(db);
  const rbac = rbacRepo(db);
  const audit = auditRepo(db);

  /** Company users may hold any existing role except super_admin. */
  async function assertCompanyRole(roles: string[] | undefined) {
    for (const role of roles ?? []) {
      if (role === ROLE.superAdmin)
        throw badRequest(MSG.cannotAssignSuperAdmin, [
          { field: 'roles', message: MSG.cannotAssignSuperAdmin },
        ]);
      if (!(await rbac.findRole({ name: role })))
        throw badRequest(MSG.unknownRole, [{ field: 'roles', message: MSG.unknownRole }]);
    }
  }

  /** The part of the e-mail before the @, with a number added when it is taken. */
  async function freeUsername(email: string, wanted?: string) {
    const base =
      (wanted || email.split('@')[0] || 'user')
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '')
        .slice(0, 56) || 'user';
    for (let n = 0; n < 50; n++) {
      const candidate = n === 0 ? base : `${base}${n + 1}`;
      const taken = await users.emailOrUsernameTaken('', candidate);
      if (!taken.username) return candidate;
    }
    return `${base}${Date.now().toString(36)}`;
  }

  /** A company user (companyId set) or a super admin (null). */
  async function create(
    companyId: number | null,
    body: CreateUserBody,
    actor: { userId: number; actingSuperAdminId: number | null },
  ) {
    if (companyId !== null) await assertCompanyRole(body.roles);
    await platform.assertPassword(body.password);
    if (body.username && (await users.emailOrUsernameTaken('', body.username.toLowerCase())).username) {
      throw conflict(MSG.usernameTaken, 'username');
    }
    if ((await users.emailOrUsernameTaken(body.email, '')).email) throw conflict(MSG.emailTaken, 'email');
    const row = await users
      .create({
        companyId,
        email: body.email,
        username: await freeUsername(body.email, body.username),
        passwordHash: await hashPassword(body.password),
        fullName: body.full_name,
        phone: body.phone,
        waNumber: body.phone,
        address: body.address ?? null,
        imageUrl: body.image_url ?? null,
        dateOfBirth: toDate(body.date_of_birth) ?? null,
        roles: body.roles,
        status: body.status ?? 'active',
      })
      .catch((error: unknown) => {
        // Two requests racing for one address: the unique index decides.
        if (
          String(
            (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
          ) === '23505'
        ) {
          throw conflict(MSG.emailTaken, 'email');
        }
        throw error;
      });
    await audit.record({
      action: 'users.created',
      companyId,
      actorUserId: actor.userId,
      actingSuperAdminId: actor.actingSuperAdminId,
      subject: row.externalId,
    });
    const audience =
      companyId === null ? { superAdmins: true as const } : { companyId, exceptUserId: row.id };
    await notifications.notify(audience, {
      title: 'New user added',
      body: `${row.fullName} (${row.email}) joined as ${row.roles.join(', ').replaceAll('_', ' ')}.`,
      typeMessage: 'Information',
    });
    return row;
  }

  const changesOf = (body: UpdateUserBody): UserChanges => ({
    fullName: body.full_name,
    phone: body.phone,
    waNumber: body.phone,
    address: body.address,
    imageUrl: body.image_url,
    dateOfBirth: toDate(body.date_of_birth),
    roles: body.roles,
    status: body.status,
  });

  /**
   * The end of an edit: a 404 when no user was changed, the user's sessions ended when the edit
   * deactivated them, and the audit entry (in the user's company, which a tenant's edit is scoped to).
   */
  async function edited(
    row: UserRow | undefined,
    body: UpdateUserBody,
    actor: { userId: number; actingSuperAdminId?: number | null },
  ) {
    if (!row) throw notFound(MSG.notFound('User'));
    if (body.status === 'inactive') await authRepo(db).revokeUserSessions(row.id, 'deactivated');
    await audit.record({
      action: 'users.updated',
      companyId: row.companyId,
      actorUserId: actor.userId,
      actingSuperAdminId: actor.actingSuperAdminId,
      subject: row.externalId,
      details: { fields: Object.keys(body) },
    });
    return row;
  }

  return {
    list: (tenant: Tenant) => companyUsersRepo(db, tenant.companyId),

    platformList: platformUsersRepo(db).list,

    /** Super-admin User Management: whoever is created there is a super admin (super-admin §6). */
    async createSuperAdmin(principal: Principal, body: CreateUserBody) {
      return create(
        null,
        { ...body, roles: [ROLE.superAdmin] },
        { userId: principal.userId, actingSuperAdminId: null },
      );
    },

    /** Editing there keeps the roles the user has. */
    async updateAnyUser(principal: Principal, id: number, body: UpdateUserBody) {
      const row = await users.update(id, { ...changesOf(body), roles: undefined });
      return edited(row, body, { userId: principal.userId });
    },

    async findInCompany(tenant: Tenant, id: number) {
      const row = await companyUsersRepo(db, tenant.companyId).find({ id });
      if (!row) throw notFound(MSG.notFound('User'));
      return row;
    },

    create: (tenant: Tenant, body: CreateUserBody) => create(tenant.companyId, body, tenant),

    /** A super admin adds a user (by default a client_admin) to a company. */
    async register(principal: Principal, body: CreateUserBody & { company_id: number }) {
      const company = await companiesRepo(db).findById(body.company_id);
      if (!company) throw notFound(MSG.notFound('Company'));
      return create(company.id, body, { userId: principal.userId, actingSuperAdminId: principal.userId });
    },

    async update(tenant: Tenant, id: number, body: UpdateUserBody) {
      await assertCompanyRole(body.roles);
      const repo = companyUsersRepo(db, tenant.companyId);
      const row = await repo.update(id, changesOf(body));
      return edited(row, body, { userId: tenant.userId, actingSuperAdminId: tenant.actingSuperAdminId });
    },

    async remove(tenant: Tenant, id: number) {
      if (id === tenant.userId) throw badRequest(MSG.cannotDeleteSelf);
      const repo = companyUsersRepo(db, tenant.companyId);
      const row = await repo.find({ id });
      if (!row || !(await repo.remove(id))) throw notFound(MSG.notFound('User'));
      await authRepo(db).revokeUserSessions(id, 'deleted');
      await audit.record({
        action: 'users.deleted',
        companyId: tenant.companyId,
        actorUserId: tenant.userId,
        actingSuperAdminId: tenant.actingSuperAdminId,
        subject: row.externalId,
      });
    },

    /** Someone's account as its owner (or a super admin) may see it; anyone else gets 404. */
    async ownAccount(principal: Principal, by: { externalId: string } | { id: number }): Promise<UserRow> {
      const row = 'id' in by ? await users.findById(by.id) : await users.findByExternalId(by.externalId);
      if (!row || (row.id !== principal.userId && !principal.isSuperAdmin))
        throw notFound(MSG.notFound('User'));
      return row;
    },

    async updateProfile(principal: Principal, row: UserRow, body: UpdateProfileBody) {
      const superAdmin = row.roles.includes(ROLE.superAdmin);
      if (!superAdmin && !body.address?.trim()) {
        throw badRequest(MSG.addressRequired, [{ field: 'address', message: MSG.addressRequired }]);
      }
      if (row.id !== principal.userId && !principal.isSuperAdmin) throw notFound(MSG.notFound('User'));
      return (await users.update(row.id, {
        fullName: body.full_name,
        phone: body.phone,
        waNumber: body.phone,
        address: superAdmin ? (body.address ?? row.address) : body.address,
        imageUrl: body.image_url,
        dateOfBirth: toDate(body.date_of_birth),
      }))!;
    },

    setImage: (userId: number, imageUrl: string) => users.update(userId, { imageUrl }),
    company: (companyId: number) => users.company(companyId),
    preferences: (userId: number) => users.preferences(userId),
    savePreferences: users.savePreferences,
  };
}
export type UsersService = ReturnType<typeof usersService>;
