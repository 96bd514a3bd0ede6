import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';

// The answers of GET /messages/statistics and /messages/statistics/trend (client-area §3). The
// server declares them in its statistics module; they move to @app/contract/statistics with it.
export interface StatisticsSummary {
  total_chats: number;
  total_blasts: number;
  total_knowledge: number;
  total_tickets: number;
  total_integrations: number;
  total_schedulings: number;
}
export interface TrendPoint {
  date: string;
  count: number;
}
export const TREND_TYPES = ['chats', 'blasts', 'knowledge', 'tickets'] as const;
export type TrendType = (typeof TREND_TYPES)[number];
export type StatisticsTrend = { start_date: string; end_date: string } & Record<TrendType, TrendPoint[]>;

/** The dashboard reloads its statistics and trends every 30 s (client-area §4, §9). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** A chosen range of days (`YYYY-MM-DD`); null asks for the server's default, the last 30 days. */
export type TrendRange = { start: string; end: string } | null;

const base = ['dashboard'] as const;

export const statisticsQuery = () =>
  queryOptions({
    queryKey: [...base, 'statistics'],
    queryFn: async () => (await api.get<StatisticsSummary>('/messages/statistics')).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const trendQuery = (range: TrendRange) =>
  queryOptions({
    queryKey: [...base, 'trend', range],
    queryFn: async () =>
      (
        await api.get<StatisticsTrend>('/messages/statistics/trend', {
          query: range ? { start_date: range.start, end_date: range.end } : undefined,
        })
      ).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useStatistics = (enabled: boolean) => useQuery({ ...statisticsQuery(), enabled });
export const useTrend = (range: TrendRange, enabled: boolean) => useQuery({ ...trendQuery(range), enabled });
export const dashboardQueryKey = base;
