import type {
  AssigneeOption,
  CreateTicketBody,
  Ticket,
  TicketCategory,
  TicketCategoryBody,
  TicketDetail,
  TicketFromChatBody,
  TicketStatus,
  UpdateTicketBody,
} from '@app/contract/tickets';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

export const TICKETS_PAGE_SIZE = 10;
/** Categories and assignees are few; the pickers load them in one page. */
const OPTIONS_LIMIT = 300;

const base = ['tickets'] as const;

export interface TicketFilters {
  search: string;
  status: string[];
  priority: string[];
  category: string[];
}

/** Every selected value of each filter goes to the server, comma separated. */
export const ticketsQuery = (page: number, filters: TicketFilters) =>
  queryOptions({
    queryKey: [...base, 'list', { page, ...filters }],
    queryFn: async () => {
      const result = await api.get<Ticket[]>('/tickets', {
        query: {
          page,
          limit: TICKETS_PAGE_SIZE,
          search: filters.search,
          status: filters.status.join(','),
          priority: filters.priority.join(','),
          category: filters.category.join(','),
          order_by: 'created_at',
          sort_by: 'desc',
        },
      });
      return { rows: result.data, total: result.meta?.total ?? result.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useTickets = (page: number, filters: TicketFilters, enabled: boolean) =>
  useQuery({ ...ticketsQuery(page, filters), enabled });

export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: [...base, 'detail', id],
    queryFn: async () => (await api.get<TicketDetail>(`/tickets/id/${id}`)).data,
    retry: false,
  });

export const useTicket = (id: number) =>
  useQuery({ ...ticketQuery(id), enabled: Number.isInteger(id) && id > 0 });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: [...base, 'categories'],
    queryFn: async () =>
      (
        await api.get<TicketCategory[]>('/tickets/categories', {
          query: { limit: OPTIONS_LIMIT, order_by: 'created_at', sort_by: 'asc' },
        })
      ).data,
  });

export const useCategories = (enabled = true) => useQuery({ ...categoriesQuery(), enabled });

export const assigneesQuery = () =>
  queryOptions({
    queryKey: [...base, 'assignees'],
    queryFn: async () => (await api.get<AssigneeOption[]>('/tickets/assignees')).data,
    staleTime: 60_000,
  });

export const useAssignees = (enabled = true) => useQuery({ ...assigneesQuery(), enabled });

const useInvalidating = <I, O>(fn: (input: I) => Promise<O>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: base }) });
};

export const useSaveTicket = () =>
  useInvalidating(
    async (input: { id: number; body: UpdateTicketBody } | { id?: undefined; body: CreateTicketBody }) =>
      input.id
        ? (await api.put<TicketDetail>(`/tickets/id/${input.id}`, input.body)).data
        : (await api.post<TicketDetail>('/tickets', input.body)).data,
  );

export const useTicketFromChat = () =>
  useInvalidating(
    async (body: TicketFromChatBody) => (await api.post<TicketDetail>('/tickets/chat', body)).data,
  );

export const useTicketStatus = () =>
  useInvalidating(
    async (input: { id: number; status: TicketStatus }) =>
      (await api.put<TicketDetail>(`/tickets/id/${input.id}/status`, { status: input.status })).data,
  );

export const useTicketComment = () =>
  useInvalidating(
    async (input: { id: number; details: string }) =>
      (
        await api.post<TicketDetail>(`/tickets/id/${input.id}/activities`, {
          details: input.details,
          action: 'COMMENT',
        })
      ).data,
  );

export const useSaveCategory = () =>
  useInvalidating(async (input: { id?: number; body: TicketCategoryBody }) =>
    input.id
      ? (await api.put<TicketCategory>(`/tickets/categories/id/${input.id}`, input.body)).data
      : (await api.post<TicketCategory>('/tickets/categories', input.body)).data,
  );

export const useDeleteCategory = () =>
  useInvalidating(async (id: number) => (await api.delete<null>(`/tickets/categories/id/${id}`)).data);
