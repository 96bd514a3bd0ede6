import type { Role } from '@app/contract/rbac';
import type { CreateUserBody, UpdateUserBody, User } from '@app/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Default page size of every list (client-area §9). */
export const USERS_PAGE_SIZE = 10;
/** Roles are few; one page of 100 covers them (the server hides super_admin from companies). */
const ROLES_LIMIT = 100;

const base = ['users'] as const;

export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search }],
    queryFn: async () => {
      const result = await api.get<User[]>('/users', {
        query: { page, limit: USERS_PAGE_SIZE, search, order_by: 'created_at', sort_by: 'desc' },
      });
      return { rows: result.data, total: result.meta?.total ?? result.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...usersQuery(page, search), enabled });

export const userRolesQuery = () =>
  queryOptions({
    queryKey: [...base, 'roles'],
    queryFn: async () => (await api.get<Role[]>('/rbac/roles', { query: { limit: ROLES_LIMIT } })).data,
    staleTime: 5 * 60_000,
  });

/** The roles a company user may be given: every one but super_admin (client-area §5). */
export const useUserRoles = (enabled: boolean) =>
  useQuery({
    ...userRolesQuery(),
    enabled,
    select: (roles) => roles.filter((role) => role.name !== 'super_admin'),
  });

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: UpdateUserBody } | { id?: undefined; body: CreateUserBody }) =>
      input.id ? api.put<User>(`/users/id/${input.id}`, input.body) : api.post<User>('/users', input.body),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/users/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}
