import type { CompanyBody } from '@app/contract/companies';
import { MSG } from '@app/contract/messages';
import { isPermissionKey } from '@app/contract/permissions';
import type { Deps } from '../../deps.ts';
import type { Principal } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditRepo } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { companiesRepo } from './companies.repo.ts';

const BLOCKED = ['suspended', 'inactive'];

/** What super admins do to client companies. */
export function companiesService({ db }: Deps) {
  const repo = companiesRepo(db);
  const audit = auditRepo(db);

  async function found(id: number) {
    const row = await repo.findById(id);
    if (!row) throw notFound(MSG.notFound('Company'));
    return row;
  }

  return {
    list: repo.list,
    find: found,

    async update(principal: Principal, externalId: string, body: Partial<CompanyBody>) {
      const row = await repo.findByExternalId(externalId);
      if (!row) throw notFound(MSG.notFound('Company'));
      const updated = await repo.update(row.id, {
        companyName: body.company_name,
        industry: body.industry,
        city: body.city,
        status: body.status,
        contactEmail: body.contact_email?.toLowerCase(),
        contactPhone: body.contact_phone,
        address: body.address,
        website: body.website,
      });
      await audit.record({
        action: 'companies.updated',
        actorUserId: principal.userId,
        companyId: row.id,
        subject: row.externalId,
        details: { fields: Object.keys(body) },
      });
      return updated!;
    },

    /** Suspending locks the company's users out at once: every request checks the company. */
    async setStatus(principal: Principal, id: number, status: string) {
      const row = await found(id);
      const updated = await repo.update(id, { status });
      if (BLOCKED.includes(status)) await authRepo(db).revokeCompanySessions(id, 'company_suspended');
      await audit.record({
        action: 'companies.status_changed',
        actorUserId: principal.userId,
        companyId: id,
        subject: row.externalId,
        details: { from: row.status, to: status },
      });
      return updated!;
    },

    async remove(principal: Principal, id: number) {
      const row = await found(id);
      await repo.remove(id);
      await authRepo(db).revokeCompanySessions(id, 'company_deleted');
      await audit.record({
        action: 'companies.deleted',
        actorUserId: principal.userId,
        companyId: id,
        subject: row.externalId,
      });
    },

    async setAccess(
      principal: Principal,
      id: number,
      body: { access_level: 'full' | 'custom'; custom_permissions: string[] },
    ) {
      const row = await found(id);
      const unknown = body.custom_permissions.filter((key) => !isPermissionKey(key));
      if (unknown.length) throw badRequest(`Unknown permission: ${unknown.join(', ')}`);
      const updated = await repo.update(id, {
        accessLevel: body.access_level,
        customPermissions: body.access_level === 'custom' ? [...new Set(body.custom_permissions)] : [],
      });
      await audit.record({
        action: 'companies.access_changed',
        actorUserId: principal.userId,
        companyId: id,
        subject: row.externalId,
        details: { ...body },
      });
      return updated!;
    },

    activeUserCount: repo.activeUserCount,
  };
}
export type CompaniesService = ReturnType<typeof companiesService>;
