import type { User } from '@app/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** User Management shows 10 users per page (super-admin §7). */
export const USERS_PAGE_SIZE = 10;

const base = ['rbac', 'admin-users'] as const;

export const adminUsersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, { page, search }],
    queryFn: () => api.get<User[]>('/admin/users', { query: { page, limit: USERS_PAGE_SIZE, search } }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (page: number, search: string) => useQuery(adminUsersQuery(page, search));

export interface UserInput {
  full_name: string;
  email: string;
  phone: string;
  password: string;
}

/** A user created here is always a super admin; editing keeps the roles (super-admin §6). */
export function useSaveAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: UserInput }) =>
      id
        ? api.put<User>(`/admin/users/id/${id}`, {
            full_name: input.full_name.trim(),
            phone: input.phone.trim(),
          })
        : api.post<User>('/admin/users', {
            full_name: input.full_name.trim(),
            email: input.email.trim(),
            phone: input.phone.trim(),
            password: input.password,
            roles: ['super_admin'],
          }),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}
