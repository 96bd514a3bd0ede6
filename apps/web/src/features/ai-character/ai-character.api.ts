import type { AiCharacter, SaveAiCharacterBody, SimulateBody, Simulation } from '@app/contract/ai-characters';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

const PATH = '/ai-characters';

export const aiCharacterQuery = () =>
  queryOptions({
    queryKey: ['ai-character'],
    queryFn: async () => (await api.get<AiCharacter>(PATH)).data,
  });

export const useAiCharacter = (enabled: boolean) => useQuery({ ...aiCharacterQuery(), enabled });

/** Saves the whole character; the answer (with the categories' real ids) replaces the cached one. */
export function useSaveAiCharacter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAiCharacterBody) => api.post<AiCharacter>(PATH, body),
    onSuccess: (result) => client.setQueryData(aiCharacterQuery().queryKey, result.data),
  });
}

export const useSimulate = () =>
  useMutation({ mutationFn: (body: SimulateBody) => api.post<Simulation>(`${PATH}/simulate`, body) });
