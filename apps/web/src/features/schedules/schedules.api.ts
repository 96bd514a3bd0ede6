import { SCHEDULE_HISTORY_STATUSES, SCHEDULE_LIST_STATUSES, type Schedule } from '@app/contract/schedules';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { quotaQuery } from '../../shared/quota/quota.api.ts';
import { nextPollDelay } from './schedule-form.ts';

/** A row of `GET /schedules/external/:id/recipients` (the contract's `scheduleRecipient`, which exports no type). */
export interface ScheduleRecipient {
  chat_id: string;
  name: string | null;
  /** How many of this schedule's messages reached the recipient. */
  received_number: number;
}

/** Default page size (client-area §9), for the list and the history. */
export const SCHEDULES_PAGE_SIZE = 10;

const PATH = '/schedules';
export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (statuses: string, page: number, search: string) =>
    ['schedules', 'list', { statuses, page, search }] as const,
  recipients: (externalId: string) => ['schedules', 'recipients', externalId] as const,
};

const schedulesQuery = (statuses: string, page: number, search: string) =>
  queryOptions({
    queryKey: scheduleKeys.list(statuses, page, search),
    queryFn: () =>
      api.get<Schedule[]>(PATH, {
        query: {
          status: statuses,
          page,
          limit: SCHEDULES_PAGE_SIZE,
          search,
          order_by: 'created_at',
          sort_by: 'desc',
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The list: pending, active, running, paused and inactive schedules, asked again once one is due. */
export const useSchedules = (page: number, enabled: boolean) =>
  useQuery({
    ...schedulesQuery(SCHEDULE_LIST_STATUSES, page, ''),
    enabled,
    refetchInterval: (query) => nextPollDelay(query.state.data?.data),
  });

/** The history: completed schedules, searched by title. */
export const useScheduleHistory = (page: number, search: string) =>
  useQuery(schedulesQuery(SCHEDULE_HISTORY_STATUSES, page, search));

export const useScheduleRecipients = (externalId: string) =>
  useQuery({
    queryKey: scheduleKeys.recipients(externalId),
    queryFn: async () =>
      (await api.get<ScheduleRecipient[]>(`${PATH}/external/${externalId}/recipients`)).data,
  });

/** Creates (no id) or updates a schedule from its multipart form; the lists and the quota reload. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: FormData }) =>
      id === null ? api.post<Schedule>(PATH, form) : api.put<Schedule>(`${PATH}/id/${id}`, form),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: scheduleKeys.all }),
        client.invalidateQueries({ queryKey: quotaQuery().queryKey }),
      ]),
  });
}

export function useSetScheduleStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'running' }) =>
      api.put<Schedule>(`${PATH}/id/${id}/status`, { status }),
    onSettled: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${PATH}/id/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export const downloadScheduleTemplate = () => downloadFile(`${PATH}/template`, 'schedule-template.xlsx');
export const downloadScheduleHistory = () => downloadFile(`${PATH}/download`, 'history-schedule.xlsx');
