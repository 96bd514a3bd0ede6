import { policyPath } from '@app/contract/permissions';
import type { Role } from '@app/contract/rbac';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Role Management shows 6 roles per page (super-admin §7). */
export const ROLES_PAGE_SIZE = 6;

const base = ['rbac', 'roles'] as const;

export const rolesQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, { page, search }],
    queryFn: () => api.get<Role[]>('/rbac/roles', { query: { page, limit: ROLES_PAGE_SIZE, search } }),
    placeholderData: keepPreviousData,
  });

export const useRoles = (page: number, search: string) => useQuery(rolesQuery(page, search));

export interface RoleInput {
  name: string;
  description: string;
  permissions: string[];
}

/** Policies of super-admin §6: feature 'permission', path from the name (underscores to slashes). */
const policiesOf = (permissions: string[]) =>
  permissions.map((action) => ({ action, feature: 'permission', path: policyPath(action) }));

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleInput }) => {
      const body = {
        name: input.name.trim(),
        description: input.description.trim() || null,
        policies: policiesOf(input.permissions),
      };
      return id ? api.put<Role>(`/rbac/roles/id/${id}`, body) : api.post<Role>('/rbac/roles', body);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['rbac'] }),
  });
}
