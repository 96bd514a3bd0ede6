import type { ChannelBody, PaymentChannel } from '@app/contract/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Every channel is loaded once; the search filters them client-side. */
const LOAD_LIMIT = 500;
const base = ['payment-channels'] as const;

export const channelsQuery = () =>
  queryOptions({
    queryKey: [...base, 'all'],
    queryFn: async () =>
      (await api.get<PaymentChannel[]>('/admin/channels', { query: { limit: LOAD_LIMIT } })).data,
  });

export const useChannels = () => useQuery(channelsQuery());

export function useSaveChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ChannelBody }): Promise<unknown> =>
      id ? api.put(`/admin/channels/id/${id}`, body) : api.post('/admin/channels', body),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

export function useDeleteChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/admin/channels/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}
