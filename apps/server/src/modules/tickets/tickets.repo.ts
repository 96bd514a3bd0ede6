import { and, asc, count, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { ticketActivities, ticketCategories, ticketCounters, tickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = Omit<typeof tickets.$inferInsert, 'companyId' | 'ticketNumber' | 'id'>;
export type TicketChanges = Partial<Omit<NewTicket, 'createdBy'>>;
export type CategoryRow = typeof ticketCategories.$inferSelect;
export type ActivityRow = typeof ticketActivities.$inferSelect;

/** What a ticket change writes into the history, besides the row itself. */
export interface ActivityEntry {
  action: string;
  details: string;
}
export interface Actor {
  id: number | null;
  name: string;
}

export interface TicketFilters {
  search: string;
  status: string[];
  priority: string[];
  category: number[];
  assignee?: number;
}

export const ticketSortColumns = {
  created_at: tickets.createdAt,
  updated_at: tickets.updatedAt,
  due_date: tickets.dueDate,
  title: tickets.title,
  ticket_number: tickets.ticketNumber,
};
export const categorySortColumns = { created_at: ticketCategories.createdAt, name: ticketCategories.name };

/** TCK-000123: six digits at least, more once a company passes a million tickets. */
export const ticketNumber = (value: number) => `TCK-${String(value).padStart(6, '0')}`;

export const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
  '23505';

const joined = {
  ticket: tickets,
  assigneeName: users.fullName,
  categoryName: ticketCategories.name,
  categoryIcon: ticketCategories.icon,
};
export type JoinedTicket = {
  ticket: TicketRow;
  assigneeName: string | null;
  categoryName: string | null;
  categoryIcon: string | null;
};

/** One company's tickets and their history. Every query is scoped to the company. */
export function ticketsRepo(db: Db, companyId: number) {
  const mine = eq(tickets.companyId, companyId);
  const select = (tx: Db = db) =>
    tx
      .select(joined)
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.assigneeId))
      .leftJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId));

  const writeActivities = (tx: Db, ticketId: number, actor: Actor, entries: ActivityEntry[]) =>
    entries.length === 0
      ? Promise.resolve()
      : tx
          .insert(ticketActivities)
          .values(
            entries.map((entry) => ({
              companyId,
              ticketId,
              action: entry.action,
              details: entry.details,
              actorId: actor.id,
              actorName: actor.name,
            })),
          )
          .then(() => undefined);

  return {
    async list(page: PageRequest, filters: TicketFilters) {
      const pattern = filters.search ? likePattern(filters.search) : null;
      const where = and(
        mine,
        pattern
          ? or(
              ilike(tickets.title, pattern),
              ilike(tickets.description, pattern),
              ilike(tickets.ticketNumber, pattern),
              ilike(tickets.customerName, pattern),
            )
          : undefined,
        filters.status.length ? inArray(tickets.status, filters.status) : undefined,
        filters.priority.length ? inArray(tickets.priority, filters.priority) : undefined,
        filters.category.length ? inArray(tickets.categoryId, filters.category) : undefined,
        filters.assignee ? eq(tickets.assigneeId, filters.assignee) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(page.order, sql`${tickets.id} desc`)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(tickets).where(where),
      ]);
      return { rows: rows as JoinedTicket[], total: total?.n ?? 0 };
    },

    async find(id: number): Promise<JoinedTicket | undefined> {
      const [row] = await select().where(and(mine, eq(tickets.id, id)));
      return row;
    },

    /** The history, oldest first, with each actor's current picture. */
    activities(ticketId: number) {
      return db
        .select({ activity: ticketActivities, avatar: users.imageUrl })
        .from(ticketActivities)
        .leftJoin(users, eq(users.id, ticketActivities.actorId))
        .where(and(eq(ticketActivities.companyId, companyId), eq(ticketActivities.ticketId, ticketId)))
        .orderBy(asc(ticketActivities.createdAt), asc(ticketActivities.id));
    },

    /**
     * Writes a ticket with the company's next number and its first activity. The counter row is
     * taken by a single upsert and stays locked until commit, so concurrent creates never share a number.
     */
    create(input: NewTicket, actor: Actor, entry: ActivityEntry) {
      return db.transaction(async (tx) => {
        const [counter] = await tx
          .insert(ticketCounters)
          .values({ companyId, lastValue: 1 })
          .onConflictDoUpdate({
            target: ticketCounters.companyId,
            set: { lastValue: sql`${ticketCounters.lastValue} + 1` },
          })
          .returning();
        const [row] = await tx
          .insert(tickets)
          .values({ ...input, companyId, ticketNumber: ticketNumber(counter!.lastValue) })
          .returning();
        await writeActivities(tx as unknown as Db, row!.id, actor, [entry]);
        await incrementDaily(tx, companyId, 'tickets');
        return row!;
      });
    },

    /**
     * Changes a ticket under a row lock: `plan` sees the current row and answers what to set and
     * what to write in the history, so concurrent edits each record a true "from".
     */
    mutate(
      id: number,
      actor: Actor,
      plan: (current: TicketRow) => { set: TicketChanges; entries: ActivityEntry[] },
    ) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(tickets)
          .where(and(mine, eq(tickets.id, id)))
          .for('update');
        if (!current) return undefined;
        const { set, entries } = plan(current);
        let row = current;
        if (entries.length > 0 || Object.keys(set).length > 0) {
          const [updated] = await tx
            .update(tickets)
            .set({ ...set, updatedAt: new Date() })
            .where(and(mine, eq(tickets.id, id)))
            .returning();
          row = updated!;
        }
        await writeActivities(tx as unknown as Db, id, actor, entries);
        return { before: current, after: row, entries };
      });
    },

    async addActivity(ticketId: number, actor: Actor, entry: ActivityEntry) {
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .update(tickets)
          .set({ updatedAt: new Date() })
          .where(and(mine, eq(tickets.id, ticketId)))
          .returning({ id: tickets.id });
        if (!ticket) return undefined;
        const [row] = await tx
          .insert(ticketActivities)
          .values({ companyId, ticketId, ...entry, actorId: actor.id, actorName: actor.name })
          .returning();
        return row;
      });
    },

    /** Deletes a ticket; the dashboard's Total Tickets counts it off on the day it was opened. */
    remove(id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(tickets)
          .where(and(mine, eq(tickets.id, id)))
          .returning({ createdAt: tickets.createdAt });
        if (row) await incrementDaily(tx, companyId, 'tickets', -1, row.createdAt);
        return row !== undefined;
      });
    },

    /** Active users of the company: the assignee options. */
    assignees() {
      return db
        .select({ id: users.id, externalId: users.externalId, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), eq(users.status, 'active')))
        .orderBy(asc(users.fullName), asc(users.id));
    },

    async findAssignee(userId: number) {
      const [row] = await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.companyId, companyId),
            isNull(users.deletedAt),
            eq(users.status, 'active'),
          ),
        );
      return row;
    },
  };
}
export type TicketsRepo = ReturnType<typeof ticketsRepo>;

/** One company's ticket categories. */
export function ticketCategoriesRepo(db: Db, companyId: number) {
  const mine = eq(ticketCategories.companyId, companyId);
  return {
    async list(page: PageRequest, search: string) {
      const where = and(
        mine,
        search
          ? or(
              ilike(ticketCategories.name, likePattern(search)),
              ilike(ticketCategories.description, likePattern(search)),
            )
          : undefined,
      );
      return pageOfRows(db, ticketCategories, where, page);
    },

    async find(id: number) {
      const [row] = await db
        .select()
        .from(ticketCategories)
        .where(and(mine, eq(ticketCategories.id, id)));
      return row;
    },

    async create(input: Pick<CategoryRow, 'name' | 'description' | 'defaultSla' | 'icon'>) {
      const [row] = await db
        .insert(ticketCategories)
        .values({ ...input, companyId })
        .returning();
      return row!;
    },

    async update(id: number, input: Pick<CategoryRow, 'name' | 'description' | 'defaultSla' | 'icon'>) {
      const [row] = await db
        .update(ticketCategories)
        .set({ ...input, updatedAt: new Date() })
        .where(and(mine, eq(ticketCategories.id, id)))
        .returning();
      return row;
    },

    async remove(id: number) {
      const rows = await db
        .delete(ticketCategories)
        .where(and(mine, eq(ticketCategories.id, id)))
        .returning({ id: ticketCategories.id });
      return rows.length > 0;
    },
  };
}

/** The SLA watcher's view across companies: claims overdue unresolved tickets not yet reported. */
export function slaRepo(db: Db) {
  return {
    /**
     * In one transaction: claims up to `limit` overdue tickets with FOR UPDATE SKIP LOCKED (so
     * several processes share the work), marks them reported, and lets `after` write the history
     * and notifications in the same transaction: a ticket is reported exactly once.
     */
    claimOverdue(limit: number, after: (tx: Db, rows: TicketRow[]) => Promise<void>) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            and(
              isNull(tickets.slaNotifiedAt),
              inArray(tickets.status, ['open', 'in_progress']),
              lte(tickets.dueDate, sql`now()`),
            ),
          )
          .orderBy(asc(tickets.dueDate))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const rows = await tx
          .update(tickets)
          .set({ slaNotifiedAt: sql`now()`, updatedAt: tickets.updatedAt })
          .where(
            inArray(
              tickets.id,
              due.map((row) => row.id),
            ) as SQL,
          )
          .returning();
        await tx.insert(ticketActivities).values(
          rows.map((row) => ({
            companyId: row.companyId,
            ticketId: row.id,
            action: 'SLA_BREACH',
            details: `SLA overdue: the due date passed while the ticket was ${row.status}`,
            actorId: null,
            actorName: 'System',
          })),
        );
        await after(tx as unknown as Db, rows);
        return rows;
      });
    },
  };
}
