import type { ListMeta, ListQuery } from '@app/contract/common';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Turns the list query into limit/offset/order for a repository. `columns` lists what the caller
 * may sort by; the first is the default (created_at in every list of the spec).
 */
export function pageRequest<K extends string>(query: ListQuery, columns: Record<K, AnyColumn>) {
  const names = Object.keys(columns) as K[];
  const orderBy = (query.order_by ?? names[0]) as K;
  if (!names.includes(orderBy)) {
    throw badRequest(`Cannot sort by ${orderBy}; use one of ${names.join(', ')}`);
  }
  const column = columns[orderBy];
  const direction = query.sort_by === 'asc' ? asc : desc;
  return {
    limit: query.limit,
    offset: query.offset ?? (query.page - 1) * query.limit,
    order: direction(column) as SQL,
    meta: (total: number): ListMeta => ({
      page: query.page,
      limit: query.limit,
      total,
      offset: query.offset ?? (query.page - 1) * query.limit,
      search: query.search,
      sort_by: query.sort_by,
      order_by: orderBy,
    }),
  };
}
export type PageRequest = ReturnType<typeof pageRequest>;

/** `%term%` for ILIKE with the user's wildcards taken literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
