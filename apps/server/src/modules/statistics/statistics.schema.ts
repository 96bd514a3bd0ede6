import { z } from 'zod';

// The dashboard's answers (client-area §3 "Dashboard statistics"). They belong in
// @app/contract/statistics once that module exists; until then the web mirrors these types.

/** What the daily counters count. Only the first four have a trend (spec §2: four charts). */
export const COUNTER_TYPES = ['chats', 'blasts', 'knowledge', 'tickets', 'schedulings'] as const;
export type CounterType = (typeof COUNTER_TYPES)[number];
export const TREND_TYPES = ['chats', 'blasts', 'knowledge', 'tickets'] as const;

/** Longest trend range one request may ask for, in days. */
export const TREND_MAX_DAYS = 366;
export const TREND_DEFAULT_DAYS = 30;

export const statisticsSummary = z.object({
  total_chats: z.number(),
  total_blasts: z.number(),
  total_knowledge: z.number(),
  total_tickets: z.number(),
  total_integrations: z.number(),
  total_schedulings: z.number(),
});
export type StatisticsSummary = z.infer<typeof statisticsSummary>;

const trendPoint = z.object({ date: z.string(), count: z.number() });
export const statisticsTrend = z.object({
  start_date: z.string(),
  end_date: z.string(),
  chats: z.array(trendPoint),
  blasts: z.array(trendPoint),
  knowledge: z.array(trendPoint),
  tickets: z.array(trendPoint),
});
export type StatisticsTrend = z.infer<typeof statisticsTrend>;

/** A day as `YYYY-MM-DD`; a full ISO timestamp is accepted and read as its UTC day. */
const day = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.slice(0, 10))
    .pipe(z.iso.date(`${label} must be a date (YYYY-MM-DD)`))
    .optional();

export const trendQuery = z.object({
  start_date: day('start_date'),
  end_date: day('end_date'),
});
export type TrendQuery = z.infer<typeof trendQuery>;
