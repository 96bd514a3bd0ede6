import { and, between, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { integrations } from '../../db/schema/messaging.ts';
import { statisticsDaily, statisticsTotals } from '../../db/schema/statistics.ts';
import { type CounterType, TREND_TYPES } from './statistics.schema.ts';

/** `YYYY-MM-DD` of a moment, in UTC: the counters' days are UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Moves one counter by `n` (negative when something is deleted). Takes a transaction too, so a
 * module can count in the same transaction as its own write.
 */
export async function incrementDaily(db: Db, companyId: number, type: CounterType, n = 1, at = new Date()) {
  if (n === 0) return;
  await incrementQuery(db).execute({ companyId, type, day: utcDay(at), n });
}

// Every inbound message moves a counter: prepared once (see db/prepared.ts).
const incrementQuery = preparedQuery((db) =>
  db
    .insert(statisticsDaily)
    .values({
      companyId: sql.placeholder('companyId'),
      type: sql.placeholder('type'),
      day: sql.placeholder('day'),
      count: sql.placeholder('n'),
    })
    .onConflictDoUpdate({
      target: [statisticsDaily.companyId, statisticsDaily.type, statisticsDaily.day, statisticsDaily.shard],
      set: { count: sql`${statisticsDaily.count} + excluded.count` },
    })
    .prepare('increment_daily'),
);

/** The row of the totals' union that counts integrations: not a counter type. */
const INTEGRATIONS = 'integrations';

// The dashboard asks for these on every visit and refresh: prepared once (see db/prepared.ts).
const totalsQuery = preparedQuery((db) =>
  db
    .select({ type: statisticsTotals.type, total: sum(statisticsTotals.count).mapWith(Number) })
    .from(statisticsTotals)
    .where(eq(statisticsTotals.companyId, sql.placeholder('companyId')))
    .groupBy(statisticsTotals.type)
    .unionAll(
      db
        .select({ type: sql<string>`${sql.raw(`'${INTEGRATIONS}'`)}`, total: count().mapWith(Number) })
        .from(integrations)
        .where(and(eq(integrations.companyId, sql.placeholder('companyId')), isNull(integrations.deletedAt))),
    )
    .prepare('statistics_totals'),
);
const trendDaysQuery = preparedQuery((db) =>
  db
    .select({
      type: statisticsDaily.type,
      // Both aggregates take the group's rows in one and the same order. JSON, because the driver
      // decodes it natively, where a PostgreSQL array is parsed character by character.
      offsets: sql<number[]>`json_agg(${statisticsDaily.day} - ${sql.placeholder('start')}::date)`,
      counts: sql<number[]>`json_agg(${statisticsDaily.count})`,
    })
    .from(statisticsDaily)
    .where(
      and(
        eq(statisticsDaily.companyId, sql.placeholder('companyId')),
        inArray(statisticsDaily.type, [...TREND_TYPES]),
        between(statisticsDaily.day, sql.placeholder('start'), sql.placeholder('end')),
      ),
    )
    .groupBy(statisticsDaily.type)
    .prepare('statistics_trend_days'),
);

/** One company's counters. */
export function statisticsRepo(db: Db, companyId: number) {
  return {
    /**
     * Every type's total (its rows of statistics_totals, one per shard, which a trigger keeps equal
     * to the sum of its daily rows), and the company's live integrations, which
     * are a handful of rows and have no counter of their own (the integrations module would have
     * to move one): one round trip, as every query waits its turn on PGlite.
     */
    async totals(): Promise<{ counters: Partial<Record<CounterType, number>>; integrations: number }> {
      const rows = await totalsQuery(db).execute({ companyId });
      const totals = new Map(rows.map((row) => [row.type, row.total ?? 0]));
      const integrationCount = totals.get(INTEGRATIONS) ?? 0;
      totals.delete(INTEGRATIONS);
      return { counters: Object.fromEntries(totals), integrations: integrationCount };
    },

    /**
     * The daily counts of the trend's types between two days (inclusive), one row per type: the
     * offsets from `start` of the days that have a row and, in the same order, their counts (days
     * without a row are absent). A year of rows one by one is up to 1,460 rows, which cost the
     * server more to decode than the database to read. Naming the types bounds each type's part of
     * the primary key (company, type, day) by the days, instead of reading all the company's days.
     */
    async trendDays(start: string, end: string) {
      return trendDaysQuery(db).execute({ companyId, start, end });
    },
  };
}
