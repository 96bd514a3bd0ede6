/** Transaction status badges (super-admin §4): paid green, pending yellow, expired and failed red. */
export function transactionStatusColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status.toLowerCase()) {
    case 'paid':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'expired':
    case 'failed':
      return 'red';
    default:
      return 'gray';
  }
}

/** A date and time in the screen's locale; a dash when there is none. */
export function formatTransactionDate(value: string | null | undefined, locale: string): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
