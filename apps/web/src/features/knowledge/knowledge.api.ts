import type { KnowledgeItem } from '@app/contract/knowledge';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { isProcessing } from './knowledge-form.ts';
import { uploadForm } from './upload.ts';

/** Default page size (client-area §9). */
export const KNOWLEDGE_PAGE_SIZE = 10;
/** The search waits like the other list screens' searches. */
export const KNOWLEDGE_SEARCH_DEBOUNCE_MS = 500;
/** How often the list is asked again while an item is processing. */
export const PROCESSING_POLL_MS = 2000;

const PATH = '/integrations/knowledges';
const base = ['knowledge'] as const;

export const knowledgeQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search }],
    queryFn: () =>
      api.get<KnowledgeItem[]>(PATH, {
        query: { page, limit: KNOWLEDGE_PAGE_SIZE, search, order_by: 'created_at', sort_by: 'desc' },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isProcessing(query.state.data?.data) ? PROCESSING_POLL_MS : false),
  });

export const useKnowledge = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...knowledgeQuery(page, search), enabled });

export interface KnowledgeUpload {
  id?: number;
  name: string;
  /** Required on create; on update it replaces the current file. */
  file: File | null;
  onProgress: (percent: number) => void;
}

/** Create or update as multipart (the file part last), with upload progress; refreshes the list. */
export function useSaveKnowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, file, onProgress }: KnowledgeUpload) => {
      const form = new FormData();
      form.append('name', name);
      if (file) form.append('file', file, file.name);
      return id === undefined
        ? uploadForm<KnowledgeItem>('POST', PATH, form, onProgress)
        : uploadForm<KnowledgeItem>('PUT', `${PATH}/id/${id}`, form, onProgress);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...base, 'list'] }),
  });
}

export function useDeleteKnowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${PATH}/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: [...base, 'list'] }),
  });
}

/** Saves the original file under its name. */
export const downloadKnowledgeFile = (item: Pick<KnowledgeItem, 'id' | 'filename'>) =>
  downloadFile(`${PATH}/id/${item.id}/file`, item.filename);
