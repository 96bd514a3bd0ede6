import { and, count, desc, eq, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blastRecipients, blasts, scheduleRecipients, schedules } from '../../db/schema/blasts.ts';
import { integrations } from '../../db/schema/messaging.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';
import type { Recipient } from '../blasts/recipients.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';

export type ScheduleRow = typeof schedules.$inferSelect & {
  integrationName: string;
  recipientsCount: number;
  executions: number;
  totalRecipients: number;
  successCount: number;
  failedCount: number;
};

export const scheduleSortColumns = {
  created_at: schedules.createdAt,
  next_run_at: schedules.nextRunAt,
  title: schedules.title,
};

/** A schedule with its integration's name and its runs' totals. */
const view = {
  schedule: schedules,
  integrationName: integrations.title,
  recipientsCount: sql<number>`(select count(*)::int from ${scheduleRecipients} r where r.schedule_id = ${schedules.id})`,
  executions: sql<number>`(select count(*)::int from ${blasts} b where b.schedule_id = ${schedules.id})`,
  totalRecipients: sql<number>`(select coalesce(sum(b.total), 0)::int from ${blasts} b where b.schedule_id = ${schedules.id})`,
  successCount: sql<number>`(select coalesce(sum(b.success_count), 0)::int from ${blasts} b where b.schedule_id = ${schedules.id})`,
  failedCount: sql<number>`(select coalesce(sum(b.failed_count), 0)::int from ${blasts} b where b.schedule_id = ${schedules.id})`,
};
type ViewRow = { schedule: typeof schedules.$inferSelect } & Omit<
  ScheduleRow,
  keyof typeof schedules.$inferSelect
>;
const flatten = (rows: ViewRow[]): ScheduleRow[] =>
  rows.map(({ schedule, ...rest }) => ({ ...schedule, ...rest }));

export function schedulesRepo(db: Db, companyId: number) {
  const mine = and(eq(schedules.companyId, companyId), isNull(schedules.deletedAt)) as SQL;
  const one = (id: number) => and(mine, eq(schedules.id, id)) as SQL;
  const select = () =>
    db.select(view).from(schedules).innerJoin(integrations, eq(integrations.id, schedules.integrationId));

  return {
    async list(page: PageRequest, statuses: string[], search: string) {
      const where = and(
        mine,
        statuses.length ? inArray(schedules.status, statuses) : undefined,
        search ? ilike(schedules.title, likePattern(search)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(page.order, desc(schedules.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(schedules).where(where),
      ]);
      return { rows: flatten(rows as ViewRow[]), total: total?.n ?? 0 };
    },

    async all(statuses: string[]) {
      return flatten(
        (await select()
          .where(and(mine, inArray(schedules.status, statuses)))
          .orderBy(desc(schedules.createdAt))) as ViewRow[],
      );
    },

    async find(id: number) {
      const [row] = await select().where(one(id));
      return row ? flatten([row as ViewRow])[0] : undefined;
    },

    async findByExternalId(externalId: string) {
      const [row] = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(mine, eq(schedules.externalId, externalId)));
      return row?.id;
    },

    /** Writes the schedule and, when given, replaces its fixed recipients, in one transaction. */
    async save(
      id: number | null,
      values: Omit<typeof schedules.$inferInsert, 'companyId'>,
      recipients: Recipient[] | null,
    ) {
      return db.transaction(async (tx) => {
        const [row] = id
          ? await tx.update(schedules).set(values).where(one(id)).returning({ id: schedules.id })
          : await tx
              .insert(schedules)
              .values({ ...values, companyId })
              .returning({ id: schedules.id });
        if (!row) return null;
        if (recipients) {
          await tx.delete(scheduleRecipients).where(eq(scheduleRecipients.scheduleId, row.id));
          for (let i = 0; i < recipients.length; i += 1000) {
            await tx.insert(scheduleRecipients).values(
              recipients.slice(i, i + 1000).map((recipient) => ({
                scheduleId: row.id,
                chatId: recipient.chatId,
                name: recipient.name,
              })),
            );
          }
        }
        return row.id;
      });
    },

    async setStatus(id: number, status: string, nextRunAt: Date | null) {
      const rows = await db
        .update(schedules)
        .set({ status, nextRunAt })
        .where(one(id))
        .returning({ id: schedules.id });
      return rows.length > 0;
    },

    /** Deletes a schedule; the dashboard's Total Scheduling counts it off on the day it was made. */
    remove(id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(schedules)
          .set({ deletedAt: sql`now()`, nextRunAt: null })
          .where(one(id))
          .returning({ createdAt: schedules.createdAt });
        if (row) await incrementDaily(tx, companyId, 'schedulings', -1, row.createdAt);
        return row !== undefined;
      });
    },

    /** Its recipients, with how many of its messages reached each. */
    async recipients(id: number) {
      const sent = db
        .select({ chatId: blastRecipients.chatId, n: sql<number>`count(*)::int`.as('n') })
        .from(blastRecipients)
        .innerJoin(blasts, eq(blasts.id, blastRecipients.blastId))
        .where(and(eq(blasts.scheduleId, id), eq(blastRecipients.status, 'sent')))
        .groupBy(blastRecipients.chatId)
        .as('sent');
      return db
        .select({
          chatId: scheduleRecipients.chatId,
          name: scheduleRecipients.name,
          received: sql<number>`coalesce(${sent.n}, 0)::int`,
        })
        .from(scheduleRecipients)
        .leftJoin(sent, eq(sent.chatId, scheduleRecipients.chatId))
        .where(eq(scheduleRecipients.scheduleId, id))
        .orderBy(scheduleRecipients.id);
    },
  };
}

/** The runner's view across companies. */
export function scheduleRunsRepo(db: Db) {
  return {
    /**
     * Claims due schedules with FOR UPDATE SKIP LOCKED and hands each to `fire` inside the claiming
     * transaction, which also moves next_run_at: a schedule fires once per due time, whatever the
     * number of processes and however late they start.
     */
    async claimDue(limit: number, fire: (tx: Db, schedule: typeof schedules.$inferSelect) => Promise<void>) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(schedules)
          .where(
            and(
              isNull(schedules.deletedAt),
              inArray(schedules.status, ['active', 'running']),
              lte(schedules.nextRunAt, sql`now()`),
            ),
          )
          .orderBy(schedules.nextRunAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const schedule of due) await fire(tx, schedule);
        return due.length;
      });
    },

    fixedRecipients: (tx: Db, scheduleId: number) =>
      tx
        .select({ chatId: scheduleRecipients.chatId, name: scheduleRecipients.name })
        .from(scheduleRecipients)
        .where(eq(scheduleRecipients.scheduleId, scheduleId)),

    async advance(tx: Db, scheduleId: number, nextRunAt: Date | null) {
      await tx
        .update(schedules)
        .set({ lastRunAt: sql`now()`, nextRunAt, ...(nextRunAt ? {} : { status: 'completed' }) })
        .where(eq(schedules.id, scheduleId));
    },
  };
}
