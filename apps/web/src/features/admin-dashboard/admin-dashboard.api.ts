import type { AdminStatistics, ClientStatistics } from '@app/contract/billing';
import type { SystemHealth } from '@app/contract/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

const base = ['admin-dashboard'] as const;
/** System health is refreshed while the dashboard is open. */
const HEALTH_REFRESH_MS = 15_000;

export const adminStatisticsQuery = () =>
  queryOptions({
    queryKey: [...base, 'billing-statistics'],
    queryFn: async () => (await api.get<AdminStatistics>('/admin/billings/statistics')).data,
  });

export const clientStatisticsQuery = () =>
  queryOptions({
    queryKey: [...base, 'client-statistics'],
    queryFn: async () => (await api.get<ClientStatistics>('/client/statistics/company')).data,
  });

export const systemHealthQuery = () =>
  queryOptions({
    queryKey: [...base, 'system-health'],
    queryFn: async () => (await api.get<SystemHealth>('/admin/system-health')).data,
    refetchInterval: HEALTH_REFRESH_MS,
  });

export const useAdminStatistics = () => useQuery(adminStatisticsQuery());
export const useClientStatistics = () => useQuery(clientStatisticsQuery());
export const useSystemHealth = () => useQuery(systemHealthQuery());
