const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes in B, KB, MB or GB (1024 steps), at most two decimals: `1.5 MB` (client-area §9). */
export function formatFileSize(bytes: number | null | undefined): string {
  let value = Math.max(0, Number(bytes) || 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}
