import type { BillingPackage, PackageBody } from '@app/contract/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Package Management pages 3 at a time (super-admin §7), filtering in the browser. */
export const PACKAGES_PAGE_SIZE = 3;
/** Every package is loaded once; the search filters them client-side. */
const LOAD_LIMIT = 500;

const base = ['packages'] as const;

export const packagesQuery = () =>
  queryOptions({
    queryKey: [...base, 'all'],
    queryFn: async () =>
      (await api.get<BillingPackage[]>('/admin/packages', { query: { limit: LOAD_LIMIT } })).data,
  });

export const usePackages = () => useQuery(packagesQuery());

export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PackageBody }): Promise<unknown> =>
      id ? api.put(`/admin/packages/id/${id}`, body) : api.post('/admin/packages', body),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

export function useDeletePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/admin/packages/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}
