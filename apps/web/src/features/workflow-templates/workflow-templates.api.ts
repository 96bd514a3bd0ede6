import type { EngineStatus, WorkflowTemplate } from '@app/contract/workflows';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Workflow templates per page (super-admin §7). */
export const TEMPLATES_PAGE_SIZE = 10;
/** The server search runs this long after typing stops. */
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 500;

const base = ['workflow-templates'] as const;

export const templatesQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search }],
    queryFn: () =>
      api.get<WorkflowTemplate[]>('/workflows', {
        query: { page, limit: TEMPLATES_PAGE_SIZE, search, order_by: 'created_at', sort_by: 'desc' },
      }),
    placeholderData: keepPreviousData,
  });

export const useTemplates = (page: number, search: string) => useQuery(templatesQuery(page, search));

/** Whether a workflow engine (n8n or the sandbox's) is connected: 'Pull from engine' needs one. */
export const useEngineStatus = () =>
  useQuery({
    queryKey: [...base, 'engine'],
    queryFn: async () => (await api.get<EngineStatus>('/workflows/engine')).data,
    staleTime: 60_000,
  });

const useTemplateMutation = <V, T>(call: (variables: V) => Promise<T>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
};

/** Offers or withdraws a template (the server flips it). */
export const useToggleTemplate = () =>
  useTemplateMutation((id: number) => api.patch<WorkflowTemplate>(`/workflows/${id}/toggle-active`));

/** The body is the n8n export file's content itself: one workflow or an array of them. */
export const useImportTemplates = () =>
  useTemplateMutation((exported: unknown) => api.post<WorkflowTemplate[]>('/workflows/import', exported));

export const usePullTemplates = () =>
  useTemplateMutation(() => api.post<WorkflowTemplate[]>('/workflows/pull'));

export const useDeleteTemplate = () =>
  useTemplateMutation((id: number) => api.delete<null>(`/workflows/${id}`));
