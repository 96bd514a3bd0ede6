/** A count's share of the total, 0..100 with one decimal (0 when there is no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((count / total) * 1000) / 10 : 0;

/** 33.3%, 100% (one decimal at most). */
export const formatPercent = (value: number) => `${Number(value.toFixed(1))}%`;
