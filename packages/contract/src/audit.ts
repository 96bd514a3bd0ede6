import { z } from 'zod';
import { listQuery } from './common.ts';

/** One entry of the audit log (super admins read it; nothing writes it through the API). */
export const auditEntry = z.object({
  id: z.number(),
  action: z.string(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The super admin who acted inside a client account, when one did. */
  acting_super_admin_email: z.string().nullable(),
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `search` matches the action, the subject or the actor's e-mail; `action` is a prefix (`auth.`). */
export const auditListQuery = listQuery.extend({
  action: z.string().trim().max(64).optional(),
  company_id: z.coerce.number().int().positive().optional(),
});
