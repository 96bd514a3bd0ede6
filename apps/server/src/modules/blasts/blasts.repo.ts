import { and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blastRecipients, blasts, sendWindows } from '../../db/schema/blasts.ts';
import { integrations } from '../../db/schema/messaging.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';
import type { Recipient } from './recipients.ts';

export type BlastRow = typeof blasts.$inferSelect & { integrationName: string };
export type RecipientRow = typeof blastRecipients.$inferSelect;

export const blastSortColumns = { created_at: blasts.createdAt, title: blasts.title, status: blasts.status };

const view = { blast: blasts, integrationName: integrations.title };
const flatten = (rows: { blast: typeof blasts.$inferSelect; integrationName: string }[]): BlastRow[] =>
  rows.map((row) => ({ ...row.blast, integrationName: row.integrationName }));

/** A company's blasts. */
export function blastsRepo(db: Db, companyId: number) {
  // The runs of scheduled messages are listed with their schedule, not here.
  const mine = and(eq(blasts.companyId, companyId), isNull(blasts.scheduleId)) as SQL;
  const one = (id: number) => and(mine, eq(blasts.id, id)) as SQL;

  return {
    async list(page: PageRequest, statuses: string[], search: string) {
      const where = and(
        mine,
        statuses.length ? inArray(blasts.status, statuses) : undefined,
        search ? ilike(blasts.title, likePattern(search)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(view)
          .from(blasts)
          .innerJoin(integrations, eq(integrations.id, blasts.integrationId))
          .where(where)
          .orderBy(page.order, desc(blasts.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(blasts).where(where),
      ]);
      return { rows: flatten(rows), total: total?.n ?? 0 };
    },

    async all(statuses: string[]) {
      return flatten(
        await db
          .select(view)
          .from(blasts)
          .innerJoin(integrations, eq(integrations.id, blasts.integrationId))
          .where(and(mine, statuses.length ? inArray(blasts.status, statuses) : undefined))
          .orderBy(desc(blasts.createdAt)),
      );
    },

    async find(id: number) {
      const [row] = await db
        .select(view)
        .from(blasts)
        .innerJoin(integrations, eq(integrations.id, blasts.integrationId))
        .where(one(id));
      return row ? flatten([row])[0] : undefined;
    },

    /** The blast and its recipient rows, in one transaction (the caller's, when given). */
    async create(
      input: Omit<typeof blasts.$inferInsert, 'companyId' | 'total'>,
      recipients: Recipient[],
      within?: Db,
    ) {
      const write = async (tx: Db) => {
        const [row] = await tx
          .insert(blasts)
          .values({ ...input, companyId, total: recipients.length })
          .returning();
        for (let i = 0; i < recipients.length; i += 1000) {
          await tx
            .insert(blastRecipients)
            .values(
              recipients
                .slice(i, i + 1000)
                .map((recipient) => ({ blastId: row!.id, chatId: recipient.chatId, name: recipient.name })),
            );
        }
        return row!;
      };
      return within ? write(within) : db.transaction(write);
    },

    /** A person pauses or resumes; a completed blast stays completed. */
    async setStatus(id: number, status: 'running' | 'paused') {
      const [row] = await db
        .update(blasts)
        .set({ status, statusReason: null })
        .where(and(one(id), inArray(blasts.status, ['running', 'paused', 'active', 'inactive', 'failed'])))
        .returning({ id: blasts.id });
      return Boolean(row);
    },
  };
}

/** The sender's view across companies. */
export function blastSendingRepo(db: Db) {
  return {
    /** Running blasts that still have recipients to send to. */
    async due(limit: number) {
      return db
        .select({
          id: blasts.id,
          companyId: blasts.companyId,
          integrationId: blasts.integrationId,
          message: blasts.message,
        })
        .from(blasts)
        .where(
          and(
            eq(blasts.status, 'running'),
            sql`exists (select 1 from ${blastRecipients} r where r.blast_id = ${blasts.id} and r.status = 'pending' and (r.not_before is null or r.not_before <= now()))`,
          ),
        )
        .orderBy(blasts.id)
        .limit(limit);
    },

    /**
     * Takes up to `want` sends from the integration's budget for this second, shared by every
     * process; answers how many were granted.
     */
    async takeBudget(integrationId: number, perSecond: number, want: number) {
      if (perSecond <= 0) return want;
      const second = Math.floor(Date.now() / 1000);
      return db.transaction(async (tx) => {
        await tx.insert(sendWindows).values({ integrationId, second, used: 0 }).onConflictDoNothing();
        const [window] = await tx
          .select({ used: sendWindows.used })
          .from(sendWindows)
          .where(and(eq(sendWindows.integrationId, integrationId), eq(sendWindows.second, second)))
          .for('update');
        const granted = Math.max(0, Math.min(want, perSecond - (window?.used ?? 0)));
        if (granted > 0) {
          await tx
            .update(sendWindows)
            .set({ used: sql`${sendWindows.used} + ${granted}` })
            .where(and(eq(sendWindows.integrationId, integrationId), eq(sendWindows.second, second)));
        }
        return granted;
      });
    },

    /** Forgets budget windows older than a minute. */
    prune: () =>
      db.delete(sendWindows).where(sql`${sendWindows.second} < ${Math.floor(Date.now() / 1000) - 60}`),

    /** Claims pending recipients of a running blast, leased for a minute. */
    async claim(blastId: number, limit: number, leaseSeconds: number) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: blastRecipients.id })
          .from(blastRecipients)
          .innerJoin(blasts, eq(blasts.id, blastRecipients.blastId))
          .where(
            and(
              eq(blastRecipients.blastId, blastId),
              eq(blasts.status, 'running'),
              eq(blastRecipients.status, 'pending'),
              sql`(${blastRecipients.notBefore} is null or ${blastRecipients.notBefore} <= now())`,
            ),
          )
          .orderBy(blastRecipients.id)
          .limit(limit)
          .for('update', { of: blastRecipients, skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(blastRecipients)
          .set({ status: 'claimed', lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
          .where(
            inArray(
              blastRecipients.id,
              due.map((row) => row.id),
            ) as SQL,
          )
          .returning();
      });
    },

    /** Marks claimed rows as handed to the provider, just before their send starts. */
    async markSending(ids: number[]) {
      if (ids.length === 0) return;
      await db.update(blastRecipients).set({ status: 'sending' }).where(inArray(blastRecipients.id, ids));
    },

    /**
     * Recipients of a sender that died: those it had only claimed go back to the queue (nothing was
     * sent); those it was sending may or may not have reached the provider, and no provider lets us
     * ask, so they are recorded as failed rather than risk a second message. Answers the blasts
     * that had failures.
     */
    async failInterrupted() {
      await db
        .update(blastRecipients)
        .set({ status: 'pending', lockedUntil: null })
        .where(and(eq(blastRecipients.status, 'claimed'), sql`${blastRecipients.lockedUntil} < now()`));
      const rows = await db
        .update(blastRecipients)
        .set({
          status: 'failed',
          error: 'Interrupted while sending; not sent again to avoid a duplicate',
          lockedUntil: null,
        })
        .where(and(eq(blastRecipients.status, 'sending'), sql`${blastRecipients.lockedUntil} < now()`))
        .returning({ blastId: blastRecipients.blastId });
      const perBlast = new Map<number, number>();
      for (const row of rows) perBlast.set(row.blastId, (perBlast.get(row.blastId) ?? 0) + 1);
      for (const [blastId, n] of perBlast) {
        await db
          .update(blasts)
          .set({ failedCount: sql`${blasts.failedCount} + ${n}` })
          .where(eq(blasts.id, blastId));
      }
      return [...perBlast.keys()];
    },

    async markSent(rows: { id: number; providerMessageId: string }[]) {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((row) => sql`(${row.id}::bigint, ${row.providerMessageId}::varchar)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${blastRecipients} set status = 'sent', provider_message_id = v.pid, sent_at = now(), locked_until = null
        from (values ${values}) as v(id, pid) where ${blastRecipients.id} = v.id
      `);
    },
    async markFailed(rows: { id: number; error: string }[]) {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((row) => sql`(${row.id}::bigint, ${row.error}::text)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${blastRecipients} set status = 'failed', error = v.error, locked_until = null
        from (values ${values}) as v(id, error) where ${blastRecipients.id} = v.id
      `);
    },
    /**
     * Back to the queue: after `seconds` (a provider's retry-after, or a retry's delay; fractions
     * are fine) or at once. `retry` counts one more try of a send the provider could not take.
     */
    async release(ids: number[], seconds = 0, retry = false) {
      if (ids.length === 0) return;
      await db
        .update(blastRecipients)
        .set({
          status: 'pending',
          lockedUntil: null,
          notBefore: seconds > 0 ? sql`now() + make_interval(secs => ${seconds})` : null,
          ...(retry && { retries: sql`${blastRecipients.retries} + 1` }),
        })
        .where(inArray(blastRecipients.id, ids) as SQL);
    },
    async count(blastId: number, sent: number, failed: number) {
      if (sent === 0 && failed === 0) return;
      await db
        .update(blasts)
        .set({
          successCount: sql`${blasts.successCount} + ${sent}`,
          failedCount: sql`${blasts.failedCount} + ${failed}`,
        })
        .where(eq(blasts.id, blastId));
    },
    async pause(blastId: number, reason: string) {
      const rows = await db
        .update(blasts)
        .set({ status: 'paused', statusReason: reason })
        .where(and(eq(blasts.id, blastId), eq(blasts.status, 'running')))
        .returning({ id: blasts.id });
      return rows.length > 0;
    },
    /** Completes the blast once no recipient is left to send; answers the row the first time only. */
    async completeIfDone(blastId: number) {
      const [row] = await db
        .update(blasts)
        .set({
          status: 'completed',
          completedAt: sql`now()`,
          statusReason: null,
          // The running counters move after the rows; a worker killed in between leaves them
          // short, so the final figures are counted from the rows themselves.
          successCount: sql`(select count(*)::int from ${blastRecipients} r where r.blast_id = ${blasts.id} and r.status = 'sent')`,
          failedCount: sql`(select count(*)::int from ${blastRecipients} r where r.blast_id = ${blasts.id} and r.status = 'failed')`,
        })
        .where(
          and(
            eq(blasts.id, blastId),
            inArray(blasts.status, ['running', 'paused']),
            sql`not exists (select 1 from ${blastRecipients} r where r.blast_id = ${blasts.id} and r.status in ('pending', 'claimed', 'sending'))`,
          ),
        )
        .returning();
      return row;
    },
  };
}

/** Messages of all blasts and schedule runs still waiting to be sent (for /api/metrics). */
export async function pendingRecipients(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blastRecipients)
    .where(eq(blastRecipients.status, 'pending'));
  return row?.n ?? 0;
}
