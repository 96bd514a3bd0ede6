import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';

export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.refresh_reused'
  | 'auth.enter_client'
  | 'auth.leave_client'
  | 'rbac.role_created'
  | 'rbac.role_updated'
  | 'rbac.role_deleted'
  | 'rbac.permission_created'
  | 'rbac.permission_updated'
  | 'rbac.permission_deleted'
  | 'users.created'
  | 'users.updated'
  | 'users.deleted'
  | 'companies.updated'
  | 'companies.status_changed'
  | 'companies.deleted'
  | 'companies.access_changed'
  | 'settings.updated';

export interface AuditEntry {
  action: AuditAction;
  companyId?: number | null;
  actorUserId?: number | null;
  actingSuperAdminId?: number | null;
  subject?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export function auditRepo(db: Db) {
  return {
    record(entry: AuditEntry) {
      return db.insert(auditLog).values(entry);
    },

    /** How many times `action` happened for this subject (or address) since `since`. */
    async countSince(action: AuditAction, by: { subject: string } | { ip: string }, since: Date) {
      const key = 'subject' in by ? eq(auditLog.subject, by.subject) : eq(auditLog.ip, by.ip);
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), key, gt(auditLog.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}
