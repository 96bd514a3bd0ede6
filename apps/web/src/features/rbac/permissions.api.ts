import type { Permission } from '@app/contract/rbac';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** The role form's permission picker and the Permission screen read up to 200 (super-admin §7). */
export const PERMISSION_PICKER_SIZE = 200;

const base = ['rbac', 'permissions'] as const;

export const permissionsQuery = () =>
  queryOptions({
    queryKey: [...base],
    queryFn: async () =>
      (
        await api.get<Permission[]>('/rbac/permissions', {
          query: { limit: PERMISSION_PICKER_SIZE, sort_by: 'asc', order_by: 'name' },
        })
      ).data,
  });

export const usePermissions = () => useQuery(permissionsQuery());

export function useSavePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }): Promise<unknown> =>
      id
        ? api.put<Permission>(`/rbac/permissions/id/${id}`, { name: name.trim() })
        : api.post<Permission[]>('/rbac/permissions', { name }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rbac'] }),
  });
}
