import { auditEntry, auditListQuery } from '@app/contract/audit';
import { listEnvelope } from '@app/contract/common';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog } from '../../db/schema/audit.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';
import { sendList } from '../../http/envelope.ts';
import { likePattern, pageRequest } from '../../http/pagination.ts';

/** The audit log for super admins (ARCHITECTURE "hardening"): newest first, searchable. */
export function auditRoutes(app: App, { db }: Deps) {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: { superAdmin: true } },
      schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: listEnvelope(auditEntry) } },
    },
    async (request, reply) => {
      const { search, action, company_id } = request.query;
      const page = pageRequest(request.query, { created_at: auditLog.createdAt });
      const actor = alias(users, 'actor');
      const acting = alias(users, 'acting');
      const pattern = likePattern(search);
      const where = and(
        search
          ? or(ilike(auditLog.action, pattern), ilike(auditLog.subject, pattern), ilike(actor.email, pattern))
          : undefined,
        action ? ilike(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        company_id ? eq(auditLog.companyId, company_id) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            entry: auditLog,
            companyName: companies.companyName,
            actorEmail: actor.email,
            actingEmail: acting.email,
          })
          .from(auditLog)
          .leftJoin(companies, eq(companies.id, auditLog.companyId))
          .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
          .leftJoin(acting, eq(acting.id, auditLog.actingSuperAdminId))
          .where(where)
          .orderBy(page.order, desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        // Only the actor is searched, so only the actor is joined for the count.
        db
          .select({ n: count() })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
          .where(where),
      ]);
      return sendList(
        reply,
        rows.map(({ entry, companyName, actorEmail, actingEmail }) => ({
          id: entry.id,
          action: entry.action,
          company_id: entry.companyId,
          company_name: companyName,
          actor_email: actorEmail,
          acting_super_admin_email: actingEmail,
          subject: entry.subject,
          ip: entry.ip,
          details: entry.details,
          created_at: entry.createdAt.toISOString(),
        })),
        page.meta(total?.n ?? 0),
      );
    },
  );
}
