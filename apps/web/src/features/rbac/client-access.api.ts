import type { Company } from '@app/contract/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Client permission cards: 6 companies per page. */
export const CLIENT_ACCESS_PAGE_SIZE = 6;

const base = ['rbac', 'client-access'] as const;

export const clientAccessQuery = (page: number) =>
  queryOptions({
    queryKey: [...base, page],
    queryFn: () =>
      api.get<Company[]>('/client/companies', { query: { page, limit: CLIENT_ACCESS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useClientAccess = (page: number) => useQuery(clientAccessQuery(page));

/** Full access, or only `custom_permissions`: the server then limits what the company's roles may hold. */
export function useSetClientAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      access_level: 'full' | 'custom';
      custom_permissions: string[];
    }) => api.put<Company>(`/client/companies/id/${id}/access`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['rbac'] }),
  });
}
