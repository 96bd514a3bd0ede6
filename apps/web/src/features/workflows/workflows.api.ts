import type { WorkflowInstance, WorkflowInstanceBody } from '@app/contract/workflows';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Default page size (client-area §9). */
export const WORKFLOWS_PAGE_SIZE = 10;
export const WORKFLOW_SEARCH_DEBOUNCE_MS = 500;
/** The template picker asks for this many active templates at once. */
const TEMPLATE_OPTIONS_LIMIT = 100;

export interface TemplateOption {
  id: number;
  name: string;
}

/** `GET /integrations/credentials`: the company's active channels a workflow can use. */
export interface IntegrationCredential {
  id: number;
  platform_name: string;
  data: { name: string };
}

const base = ['workflows'] as const;

export const workflowsQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search }],
    queryFn: () =>
      api.get<WorkflowInstance[]>('/workflow/company', {
        query: { page, limit: WORKFLOWS_PAGE_SIZE, search, order_by: 'created_at', sort_by: 'desc' },
      }),
    placeholderData: keepPreviousData,
  });

export const useWorkflows = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...workflowsQuery(page, search), enabled });

export const useTemplateOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...base, 'templates'],
    queryFn: async () =>
      (
        await api.get<TemplateOption[]>('/workflow/templates', {
          query: { limit: TEMPLATE_OPTIONS_LIMIT, order_by: 'name', sort_by: 'asc' },
        })
      ).data,
    enabled,
  });

export const useCredentials = (enabled: boolean) =>
  useQuery({
    queryKey: [...base, 'credentials'],
    queryFn: async () => (await api.get<IntegrationCredential[]>('/integrations/credentials')).data,
    enabled,
  });

/** Create, or replace one (the card's toggle sends the whole item with its status flipped). */
export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WorkflowInstanceBody }) =>
      id === null
        ? api.post<WorkflowInstance>('/workflow/company', body)
        : api.put<WorkflowInstance>(`/workflow/company/${id}`, body),
    // The chat menu's workflow picker lists these too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: base }),
        client.invalidateQueries({ queryKey: ['chat-menus'] }),
      ]),
  });
}

export function useDeleteWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/workflow/company/${id}`),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: base }),
        client.invalidateQueries({ queryKey: ['chat-menus'] }),
      ]),
  });
}
