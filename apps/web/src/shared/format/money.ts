const rupiahFormat = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Indonesian rupiah, Indonesian locale, no decimals: `Rp 1.500.000` (client-area §9). */
export function formatRupiah(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  // Intl puts a no-break space after "Rp"; a plain space reads and copies the same everywhere.
  return rupiahFormat.format(Number.isFinite(value) ? value : 0).replace(/\u00a0/g, ' ');
}
