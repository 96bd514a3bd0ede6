import type { AuditEntry } from '@app/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import type { AuditGroup } from './audit-format.ts';

/** Ten entries a page, like the other super-admin lists (super-admin §7). */
export const AUDIT_PAGE_SIZE = 10;

export interface AuditLogFilter {
  page: number;
  search: string;
  /** An action prefix (`auth.`), or '' for every action. */
  action: AuditGroup;
}

/** `GET /admin/audit-log`: newest first; `search` matches the action, subject or actor's e-mail. */
export const auditLogQuery = ({ page, search, action }: AuditLogFilter) =>
  queryOptions({
    queryKey: ['audit-log', { page, search, action }],
    queryFn: async () => {
      const result = await api.get<AuditEntry[]>('/admin/audit-log', {
        query: { page, limit: AUDIT_PAGE_SIZE, search, action },
      });
      return { rows: result.data, total: result.meta?.total ?? result.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filter: AuditLogFilter) => useQuery(auditLogQuery(filter));
