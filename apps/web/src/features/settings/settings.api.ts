import type {
  ClientProfile,
  Preferences,
  UpdatePreferencesBody,
  UpdateProfileBody,
  User,
} from '@app/contract/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** The signed-in person's own account and company (`GET /client/companies/users/me`). */
export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile', 'me'],
    queryFn: async () => (await api.get<ClientProfile>('/client/companies/users/me')).data,
    staleTime: 60_000,
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });

export const preferencesQuery = (externalId: string) =>
  queryOptions({
    queryKey: ['profile', 'preferences', externalId],
    queryFn: async () => (await api.get<Preferences>(`/users/external/${externalId}/preferences`)).data,
  });

export const usePreferences = (externalId: string, enabled: boolean) =>
  useQuery({ ...preferencesQuery(externalId), enabled });

export function useUpdateProfile(externalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<User>(`/users/external/${externalId}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profile'] }),
  });
}

export function useUpdatePreferences(externalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) =>
      api.put<Preferences>(`/users/external/${externalId}/preferences`, body),
    onSuccess: (result) => client.setQueryData(preferencesQuery(externalId).queryKey, result.data),
  });
}

export type AiType = 'internal' | 'external';

/** Native (internal) or N8N (external) answers the company's customers (client-area §3 "AI setting"). */
export const useSetAiPriority = () =>
  useMutation({
    mutationFn: (aiType: AiType) => api.post<unknown>('/chats/configs/ai-priority', { ai_type: aiType }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { old_password: string; new_password: string; confirm_password: string }) =>
      api.post<null>('/auth/reset-password', body),
  });
