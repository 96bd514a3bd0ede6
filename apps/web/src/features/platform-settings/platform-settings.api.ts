import type { PlatformSettings } from '@app/contract/platform';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

const base = ['platform'] as const;
/** The client shell checks for maintenance this often. */
const STATUS_REFRESH_MS = 30_000;

export const platformSettingsQuery = () =>
  queryOptions({
    queryKey: [...base, 'settings'],
    queryFn: async () => (await api.get<PlatformSettings>('/admin/settings')).data,
  });

export const usePlatformSettings = () => useQuery(platformSettingsQuery());

export function useSavePlatformSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<PlatformSettings>) =>
      (await api.put<PlatformSettings>('/admin/settings', body)).data,
    onSuccess: (data) => client.setQueryData(platformSettingsQuery().queryKey, data),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

/** `GET /platform/status` (public): whether the platform is in maintenance. */
export const platformStatusQuery = () =>
  queryOptions({
    queryKey: [...base, 'status'],
    queryFn: async () =>
      (await api.get<{ maintenance_mode: boolean }>('/platform/status', { auth: false })).data,
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const usePlatformStatus = () => useQuery(platformStatusQuery());
