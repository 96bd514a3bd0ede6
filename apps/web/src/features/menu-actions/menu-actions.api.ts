import type { MenuAction } from '@app/contract/menu-actions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Every action is loaded once; the search filters them client-side. */
const LOAD_LIMIT = 500;
const base = ['menu-actions'] as const;

export interface ActionInput {
  action_code: string;
  action_name: string;
}

export const menuActionsQuery = () =>
  queryOptions({
    queryKey: [...base, 'all'],
    queryFn: async () =>
      (await api.get<MenuAction[]>('/chats/menus/actions', { query: { limit: LOAD_LIMIT } })).data,
  });

export const useMenuActions = () => useQuery(menuActionsQuery());

/** Create several actions in one submission, or update one. */
export function useSaveMenuActions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, actions }: { id?: number; actions: ActionInput[] }): Promise<unknown> =>
      id
        ? api.put(`/chats/menus/actions/id/${id}`, actions[0])
        : api.post('/chats/menus/actions', { actions }),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

export function useDeleteMenuAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/chats/menus/actions/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}
