import type {
  BillingCurrent,
  BillingPackage,
  BillingSummary,
  Invoice,
  PaymentChannel,
  UpgradeBody,
} from '@app/contract/billing';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, FALLBACK_ERROR, refreshTokens } from '../../shared/api/client.ts';
import { getSession, STORAGE } from '../../shared/auth/session.ts';

/** Riwayat Tagihan shows this many invoices per page. */
export const HISTORY_PAGE_SIZE = 10;
/** While an invoice awaits payment the page asks again this often, so a payment made elsewhere shows. */
export const PENDING_POLL_MS = 5000;
/** Packages and channels are few; one page holds them all. */
const CATALOGUE_LIMIT = 100;

export const billingKeys = {
  all: ['billing'] as const,
  current: ['billing', 'current'] as const,
  histories: ['billing', 'history'] as const,
  history: (page: number) => ['billing', 'history', { page }] as const,
  summaries: ['billing', 'summary'] as const,
  summary: (companyId: number) => ['billing', 'summary', companyId] as const,
  invoice: (id: number) => ['billing', 'invoice', id] as const,
  packages: ['billing', 'packages'] as const,
  channels: ['billing', 'channels'] as const,
};

export const currentBillingQuery = () =>
  queryOptions({
    queryKey: billingKeys.current,
    queryFn: async () => (await api.get<BillingCurrent>('/billings/current')).data,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.pending_invoice ? PENDING_POLL_MS : false),
  });

export const useCurrentBilling = (enabled = true) => useQuery({ ...currentBillingQuery(), enabled });

export const billingHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: billingKeys.history(page),
    queryFn: () =>
      api.get<Invoice[]>('/billings/history', {
        query: {
          page,
          limit: HISTORY_PAGE_SIZE,
          order_by: 'created_at',
          sort_by: 'desc',
          exclude_status: 'PENDING',
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useBillingHistory = (page: number, enabled = true) =>
  useQuery({ ...billingHistoryQuery(page), enabled });

/**
 * The company's billing summary (client-area §3), kept in the browser as the spec says (a 401
 * clears it with the session).
 */
export const billingSummaryQuery = (companyId: number) =>
  queryOptions({
    queryKey: billingKeys.summary(companyId),
    queryFn: async () => {
      const summary = (await api.get<BillingSummary>(`/billings/company/${companyId}/summary`)).data;
      try {
        localStorage.setItem(STORAGE.billingSummary, JSON.stringify(summary));
      } catch {}
      return summary;
    },
  });

export const useBillingSummary = (companyId: number | null | undefined, enabled = true) =>
  useQuery({ ...billingSummaryQuery(companyId ?? 0), enabled: enabled && Boolean(companyId) });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: async () => (await api.get<Invoice>(`/billings/invoices/id/${id}`)).data,
  });

export const useInvoice = (id: number | null, initial?: Invoice) =>
  useQuery({
    ...invoiceQuery(id ?? 0),
    enabled: id !== null,
    initialData: initial && initial.id === id ? initial : undefined,
    // A pending invoice changes when it is paid or expires; keep the open dialog current.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_POLL_MS : false),
  });

/** Active packages (the server shows clients only those), cheapest first. */
export const packagesQuery = () =>
  queryOptions({
    queryKey: billingKeys.packages,
    queryFn: async () => {
      const result = await api.get<BillingPackage[]>('/admin/packages', {
        query: { limit: CATALOGUE_LIMIT, order_by: 'price', sort_by: 'asc' },
      });
      return [...result.data].filter((item) => item.is_active).sort((a, b) => a.price - b.price);
    },
  });

export const usePackages = (enabled = true) => useQuery({ ...packagesQuery(), enabled });

/** Active payment channels (client-area §4: select package, then active channel). */
export const channelsQuery = () =>
  queryOptions({
    queryKey: billingKeys.channels,
    queryFn: async () => {
      const result = await api.get<PaymentChannel[]>('/channels', {
        query: { limit: CATALOGUE_LIMIT, order_by: 'name', sort_by: 'asc' },
      });
      return result.data.filter((item) => item.is_active);
    },
  });

export const useChannels = (enabled = true) => useQuery({ ...channelsQuery(), enabled });

/** `POST /billings/upgrade`; on success the current billing, the history and the summary reload. */
export function useUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpgradeBody) => api.post<Invoice>('/billings/upgrade', body),
    onSuccess: (result) => {
      queryClient.setQueryData(billingKeys.invoice(result.data.id), result.data);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

async function fetchPdf(id: number, token: string | undefined) {
  return fetch(`${API_BASE}/billings/invoices/id/${id}/pdf`, {
    headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/** Downloads a PAID invoice's PDF (the server answers it as an attachment). */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'invoice_number'>) {
  const token = getSession()?.accessToken;
  let response = await fetchPdf(invoice.id, token);
  if (response.status === 401 && (await refreshTokens())) {
    response = await fetchPdf(invoice.id, getSession()?.accessToken);
  }
  if (!response.ok) {
    let message = FALLBACK_ERROR;
    try {
      const payload = (await response.json()) as { message?: string };
      if (payload.message) message = payload.message;
    } catch {}
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.invoice_number}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
