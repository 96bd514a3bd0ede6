import type { Invoice } from '@app/contract/billing';

/** Invoice status colours (client-area §2): paid green, pending yellow, anything else red. */
export function invoiceStatusColor(status: string): 'green' | 'yellow' | 'red' {
  const value = status.toUpperCase();
  if (value === 'PAID') return 'green';
  if (value === 'PENDING') return 'yellow';
  return 'red';
}

/** Percent of a quota used, 0-100, rounded to one decimal (0 when there is no limit). */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return used > 0 ? 100 : 0;
  const percent = Math.min(Math.max((used / limit) * 100, 0), 100);
  return Math.round(percent * 10) / 10;
}

/** A date (and optionally the time) in the billing screens' locale; a dash when there is none. */
export function formatBillingDate(value: string | null | undefined, locale: string, withTime = true): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}

/** Whole numbers in the locale's grouping (1.000 in Indonesian). */
export const formatCount = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

/** The paid date shows only for a paid invoice (client-area §2 'Detail Invoice'). */
export const paidDateOf = (invoice: Pick<Invoice, 'status' | 'paid_at'>) =>
  invoice.status === 'PAID' ? invoice.paid_at : null;

/** The total a person will pay: package price plus the channel's admin fee (client-area §9). */
export const totalOf = (price: number, adminFee: number) => Math.round(price) + Math.round(adminFee);
