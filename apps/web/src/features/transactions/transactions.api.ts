import type { Invoice, InvoiceStatus } from '@app/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

/** Transaction History asks for 10 per page (super-admin §7). */
export const TRANSACTIONS_PAGE_SIZE = 10;

/** `GET /admin/billings` answers its own meta: total, page, per_page. */
interface TransactionsMeta {
  total: number;
  page: number;
  per_page: number;
}

export interface TransactionsFilter {
  page: number;
  search: string;
  status: InvoiceStatus | '';
}

export const transactionsQuery = ({ page, search, status }: TransactionsFilter) =>
  queryOptions({
    queryKey: ['transactions', { page, search, status }],
    queryFn: async () => {
      const result = await api.get<Invoice[]>('/admin/billings', {
        query: { page, per_page: TRANSACTIONS_PAGE_SIZE, search, status },
      });
      const meta = result.meta as unknown as TransactionsMeta | undefined;
      return { rows: result.data, total: meta?.total ?? result.data.length };
    },
    placeholderData: keepPreviousData,
  });

export const useTransactions = (filter: TransactionsFilter) => useQuery(transactionsQuery(filter));

export const useTransaction = (id: number | null, initial?: Invoice) =>
  useQuery({
    queryKey: ['transactions', 'detail', id],
    queryFn: async () => (await api.get<Invoice>(`/admin/billings/id/${id}`)).data,
    enabled: id !== null,
    initialData: initial && initial.id === id ? initial : undefined,
    // The row is already fresh; ask again only when the dialog stays open for a while.
    staleTime: 30_000,
  });
