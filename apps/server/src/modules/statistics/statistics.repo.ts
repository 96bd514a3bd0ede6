import { and, between, count, eq, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrations } from '../../db/schema/messaging.ts';
import { statisticsDaily } from '../../db/schema/statistics.ts';
import type { CounterType } from './statistics.schema.ts';

/** `YYYY-MM-DD` of a moment, in UTC: the counters' days are UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Moves one counter by `n` (negative when something is deleted). Takes a transaction too, so a
 * module can count in the same transaction as its own write.
 */
export async function incrementDaily(db: Db, companyId: number, type: CounterType, n = 1, at = new Date()) {
  if (n === 0) return;
  await db
    .insert(statisticsDaily)
    .values({ companyId, type, day: utcDay(at), count: n })
    .onConflictDoUpdate({
      target: [statisticsDaily.companyId, statisticsDaily.type, statisticsDaily.day],
      set: { count: sql`${statisticsDaily.count} + ${n}` },
    });
}

/** One company's counters. */
export function statisticsRepo(db: Db, companyId: number) {
  const mine = eq(statisticsDaily.companyId, companyId);
  return {
    /** Every type's total: the sum of its daily rows (a few hundred rows at most per type). */
    async totals(): Promise<Partial<Record<CounterType, number>>> {
      const rows = await db
        .select({ type: statisticsDaily.type, total: sum(statisticsDaily.count).mapWith(Number) })
        .from(statisticsDaily)
        .where(mine)
        .groupBy(statisticsDaily.type);
      return Object.fromEntries(rows.map((row) => [row.type, row.total ?? 0]));
    },

    /** The daily rows between two days (inclusive); days without a row are absent. */
    async days(start: string, end: string) {
      return db
        .select({ type: statisticsDaily.type, day: statisticsDaily.day, count: statisticsDaily.count })
        .from(statisticsDaily)
        .where(and(mine, between(statisticsDaily.day, start, end)));
    },

    /**
     * Integrations are a handful of rows per company and have no counter of their own (the
     * integrations module would have to move one): the live count by the company index.
     */
    async integrations() {
      const [row] = await db
        .select({ n: count() })
        .from(integrations)
        .where(and(eq(integrations.companyId, companyId), isNull(integrations.deletedAt)));
      return row?.n ?? 0;
    },
  };
}
