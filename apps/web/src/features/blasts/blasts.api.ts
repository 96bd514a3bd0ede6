import {
  BLAST_HISTORY_STATUSES,
  BLAST_LIST_STATUSES,
  type Blast,
  type BlastStatus,
} from '@app/contract/blasts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { quotaQuery } from '../../shared/quota/quota.api.ts';
import { anyRunning } from './blast-form.ts';

/** Default page size (client-area §9), for the Running Blasts list and the history. */
export const BLASTS_PAGE_SIZE = 10;
/** Progress is not pushed yet: while a listed blast is running the list is asked again this often. */
export const BLAST_POLL_MS = 2000;

const PATH = '/blasts';
export const blastKeys = {
  all: ['blasts'] as const,
  list: (statuses: BlastStatus[], page: number, search: string) =>
    ['blasts', 'list', { statuses, page, search }] as const,
};

const blastsQuery = (statuses: BlastStatus[], page: number, search: string) =>
  queryOptions({
    queryKey: blastKeys.list(statuses, page, search),
    queryFn: () =>
      api.get<Blast[]>(PATH, {
        query: {
          status: statuses.join(','),
          page,
          limit: BLASTS_PAGE_SIZE,
          search,
          order_by: 'created_at',
          sort_by: 'desc',
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyRunning(query.state.data?.data) ? BLAST_POLL_MS : false),
  });

/** Running Blasts: paused, running, active and inactive ones (client-area §4). */
export const useRunningBlasts = (page: number, enabled: boolean) =>
  useQuery({ ...blastsQuery(BLAST_LIST_STATUSES, page, ''), enabled });

/** The history: completed blasts, searched by title. */
export const useBlastHistory = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...blastsQuery(BLAST_HISTORY_STATUSES, page, search), enabled });

/** Creates and starts a blast (multipart); the list and the quota reload either way. */
export function useCreateBlast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<Blast>(PATH, form),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: blastKeys.all }),
        client.invalidateQueries({ queryKey: quotaQuery().queryKey }),
      ]),
  });
}

export function useSetBlastStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'running' | 'paused' }) =>
      api.put<Blast>(`${PATH}/id/${id}/status`, { status }),
    onSettled: () => client.invalidateQueries({ queryKey: blastKeys.all }),
  });
}

export const downloadTemplate = () => downloadFile(`${PATH}/template-excel`, 'blast-template.xlsx');
export const downloadHistory = () => downloadFile(`${PATH}/download`, 'history.xlsx');
