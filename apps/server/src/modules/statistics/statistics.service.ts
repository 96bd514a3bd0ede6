import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
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
  // A company's dashboards ask the same two questions every 30 s, and all at once when a new chat
  // arrives: the answers are remembered for a moment (db/remembered.ts), forgotten by any change
  // through the API and, in every process, as soon as one of the company's chats moves (an inbound
  // message moves its counter in the statement that stores it, before its event is published).
  const summaries = deps.remembered.cache<number, StatisticsSummary>();
  const trends = deps.remembered.cache<string, StatisticsTrend>();
  deps.bus.subscribe((event) => {
    if (event.type !== 'room_message' && event.type !== 'conversation_updated') return;
    summaries.forget((companyId) => companyId === event.companyId);
    trends.forget((key) => key.startsWith(`${event.companyId}:`));
  });

  return {
    /**
     * Other modules call this as their data changes: `incrementDaily(companyId, 'tickets', 1)` on
     * create, and `-1` on delete on the day it was created, so a total counts what exists and a
     * day of the trend what was made that day and still exists.
     */
    incrementDaily(companyId: number, type: CounterType, n = 1, at = new Date()) {
      return incrementDaily(deps.db, companyId, type, n, at);
    },

    /** The six cards. */
    summary(tenant: Tenant): Promise<StatisticsSummary> {
      return summaries.get(tenant.companyId, () => readSummary(tenant.companyId));
    },

    /** The four trends, one point per day of the range (zero when nothing happened). */
    trend(tenant: Tenant, query: TrendQuery, today = utcDay(new Date())): Promise<StatisticsTrend> {
      const end = query.end_date ?? today;
      const start = query.start_date ?? addDays(end, -(TREND_DEFAULT_DAYS - 1));
      const span = daysBetween(start, end);
      if (span < 0) throw badRequest('start_date must not be after end_date');
      if (span >= TREND_MAX_DAYS) throw badRequest(`The range may span at most ${TREND_MAX_DAYS} days`);
      return trends.get(`${tenant.companyId}:${start}:${end}`, () =>
        readTrend(tenant.companyId, start, end, span),
      );
    },
  };

  async function readSummary(companyId: number): Promise<StatisticsSummary> {
    const { counters, integrations } = await statisticsRepo(deps.db, companyId).totals();
    return {
      total_chats: counters.chats ?? 0,
      total_blasts: counters.blasts ?? 0,
      total_knowledge: counters.knowledge ?? 0,
      total_tickets: counters.tickets ?? 0,
      total_integrations: integrations,
      total_schedulings: counters.schedulings ?? 0,
    };
  }

  async function readTrend(companyId: number, start: string, end: string, span: number) {
    const rows = await statisticsRepo(deps.db, companyId).trendDays(start, end);
    // One count per day of the range and type, filled from the days' offsets: a 365-day range is
    // 1,460 points, so no date arithmetic or string keys per point.
    const counts = new Map(TREND_TYPES.map((type) => [type as string, new Array<number>(span + 1).fill(0)]));
    for (const row of rows) {
      const series = counts.get(row.type);
      if (!series) continue;
      row.offsets.forEach((offset, i) => {
        series[offset]! += row.counts[i]!; // a day may have several rows (CHAT_SHARDS)
      });
    }
    const startMs = Date.parse(`${start}T00:00:00Z`);
    const days = Array.from({ length: span + 1 }, (_, i) => utcDay(new Date(startMs + i * DAY_MS)));
    const series = (type: CounterType) => {
      const values = counts.get(type)!;
      return days.map((date, i) => ({ date, count: values[i]! }));
    };
    const [chats, blasts, knowledge, tickets] = TREND_TYPES.map(series) as [
      ReturnType<typeof series>,
      ReturnType<typeof series>,
      ReturnType<typeof series>,
      ReturnType<typeof series>,
    ];
    return { start_date: start, end_date: end, chats, blasts, knowledge, tickets };
  }
}
export type StatisticsService = ReturnType<typeof statisticsService>;
