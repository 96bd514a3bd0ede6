export type PageItem = number | 'ellipsis';

/** Above this many pages the list shrinks to first two, current, last two (client-area §9). */
export const PAGINATION_FULL_MAX = 6;

/**
 * The page buttons to show: every page when there are 6 or fewer; otherwise the first two, the
 * current one and the last two, with an ellipsis wherever pages are skipped.
 */
export function paginationItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  if (totalPages <= PAGINATION_FULL_MAX) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const shown = [...new Set([1, 2, page, totalPages - 1, totalPages])].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [index, value] of shown.entries()) {
    if (index > 0 && value - shown[index - 1] > 1) items.push('ellipsis');
    items.push(value);
  }
  return items;
}

/** Number of pages for `total` rows at `limit` per page (at least one page once there is a row). */
export const pageCount = (total: number, limit: number) => (limit > 0 ? Math.ceil(total / limit) : 0);
