import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import type { InboundStep } from '../webhooks/inbound.service.ts';
import { incrementDaily, statisticsRepo, utcDay } from './statistics.repo.ts';
import {
  type CounterType,
  type StatisticsSummary,
  type StatisticsTrend,
  TREND_DEFAULT_DAYS,
  TREND_MAX_DAYS,
  TREND_TYPES,
  type TrendQuery,
} from './statistics.schema.ts';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/** The dashboard's statistics, read from the daily counters that the rest of the server moves. */
export function statisticsService(deps: Deps) {
  return {
    /**
     * Other modules call this as their data changes: `incrementDaily(companyId, 'tickets', 1)`
     * on create, `-1` on delete (`knowledge`, `schedulings` are counts of what exists).
     */
    incrementDaily(companyId: number, type: CounterType, n = 1, at = new Date()) {
      return incrementDaily(deps.db, companyId, type, n, at);
    },

    /** The inbound pipeline step: each new customer message is one chat on its day. */
    countInbound: (async ({ message }) => {
      await incrementDaily(deps.db, message.companyId, 'chats', 1, message.createdAt);
    }) satisfies InboundStep,

    /** The six cards. */
    async summary(tenant: Tenant): Promise<StatisticsSummary> {
      const repo = statisticsRepo(deps.db, tenant.companyId);
      const [totals, integrations] = await Promise.all([repo.totals(), repo.integrations()]);
      return {
        total_chats: totals.chats ?? 0,
        total_blasts: totals.blasts ?? 0,
        total_knowledge: totals.knowledge ?? 0,
        total_tickets: totals.tickets ?? 0,
        total_integrations: integrations,
        total_schedulings: totals.schedulings ?? 0,
      };
    },

    /** The four trends, one point per day of the range (zero when nothing happened). */
    async trend(tenant: Tenant, query: TrendQuery, today = utcDay(new Date())): Promise<StatisticsTrend> {
      const end = query.end_date ?? today;
      const start = query.start_date ?? addDays(end, -(TREND_DEFAULT_DAYS - 1));
      const span = daysBetween(start, end);
      if (span < 0) throw badRequest('start_date must not be after end_date');
      if (span >= TREND_MAX_DAYS) throw badRequest(`The range may span at most ${TREND_MAX_DAYS} days`);

      const rows = await statisticsRepo(deps.db, tenant.companyId).days(start, end);
      const byKey = new Map(rows.map((row) => [`${row.type}|${row.day}`, row.count]));
      const days = Array.from({ length: span + 1 }, (_, i) => addDays(start, i));
      const series = (type: CounterType) =>
        days.map((date) => ({ date, count: byKey.get(`${type}|${date}`) ?? 0 }));
      const [chats, blasts, knowledge, tickets] = TREND_TYPES.map(series) as [
        ReturnType<typeof series>,
        ReturnType<typeof series>,
        ReturnType<typeof series>,
        ReturnType<typeof series>,
      ];
      return { start_date: start, end_date: end, chats, blasts, knowledge, tickets };
    },
  };
}
export type StatisticsService = ReturnType<typeof statisticsService>;
