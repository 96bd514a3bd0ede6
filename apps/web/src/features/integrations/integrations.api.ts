import type { Integration, Platform } from '@app/contract/integrations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

export const INTEGRATIONS_PAGE_SIZE = 9;

export interface IntegrationFilter {
  page: number;
  search: string;
  status: '' | 'active' | 'inactive';
}

export interface IntegrationPayload {
  type: 'message_platform';
  integration_id: number;
  title: string;
  integration_contact: string;
  status?: 'active' | 'inactive';
}

export const integrationsQuery = ({ page, search, status }: IntegrationFilter) =>
  queryOptions({
    queryKey: ['integrations', 'list', { page, search, status }],
    queryFn: () =>
      api.get<Integration[]>('/integrations', {
        query: { page, limit: INTEGRATIONS_PAGE_SIZE, search, status: status || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const platformsQuery = () =>
  queryOptions({
    queryKey: ['integrations', 'platforms'],
    queryFn: async () => (await api.get<Platform[]>('/integrations/platforms')).data,
    staleTime: 5 * 60_000,
  });

export const useIntegrations = (filter: IntegrationFilter) => useQuery(integrationsQuery(filter));
export const usePlatforms = (enabled: boolean) => useQuery({ ...platformsQuery(), enabled });

/** Create, update (with status; activation talks to the provider) and delete; each refreshes the list. */
export function useSaveIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: IntegrationPayload }) =>
      id === undefined
        ? api.post<Integration>('/integrations', body)
        : api.put<Integration>(`/integrations/id/${id}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['integrations', 'list'] }),
  });
}

export function useDeleteIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/integrations/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['integrations', 'list'] }),
  });
}
