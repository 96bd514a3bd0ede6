import type { BillingCurrent } from '@app/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The WhatsApp quota: sending is allowed while wa_message_remain is above 0 (client-area §9). */
export const quotaQuery = () =>
  queryOptions({
    queryKey: ['chats', 'quota'],
    queryFn: async () => (await api.get<BillingCurrent>('/billings/current')).data,
    staleTime: 30_000,
  });

/** `refetchInterval` keeps it current while something is spending it (a running blast). */
export const useQuota = (refetchInterval: number | false = false) =>
  useQuery({ ...quotaQuery(), refetchInterval });
