import type { InvoiceStatus } from '@app/contract/billing';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import {
  companyPackages,
  invoiceCounters,
  invoices,
  packages,
  paymentChannels,
} from '../../db/schema/billing.ts';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type PackageRow = typeof packages.$inferSelect;
export type ChannelRow = typeof paymentChannels.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PeriodRow = typeof companyPackages.$inferSelect;
/** An invoice with the name of its company, as presenters need it. */
export type InvoiceView = InvoiceRow & { companyName: string };

export const packageSortColumns = {
  created_at: packages.createdAt,
  name: packages.name,
  price: packages.price,
};
export const channelSortColumns = {
  created_at: paymentChannels.createdAt,
  name: paymentChannels.name,
  admin_fee: paymentChannels.adminFee,
};
export const invoiceSortColumns = {
  created_at: invoices.createdAt,
  amount: invoices.amount,
  invoice_number: invoices.invoiceNumber,
};

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
  '23505';

/** Months of invoice numbers follow Indonesian time (WIB, UTC+7). */
export const invoicePeriod = (now = new Date()) =>
  new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 7).replace('-', '');

const invoiceView = { invoice: invoices, companyName: companies.companyName };
const flatten = (rows: { invoice: InvoiceRow; companyName: string }[]): InvoiceView[] =>
  rows.map((row) => ({ ...row.invoice, companyName: row.companyName }));

/** Which invoices a history shows: of one status, or all but one. */
export interface InvoiceFilter {
  status?: InvoiceStatus | undefined;
  excludeStatus?: InvoiceStatus | undefined;
}

/** Packages of the platform (super-admin Package Management); clients read the active ones. */
export function packagesRepo(db: Db) {
  const live = isNull(packages.deletedAt);
  return {
    async list(page: PageRequest, search: string, activeOnly: boolean) {
      const where = and(
        live,
        activeOnly ? eq(packages.isActive, true) : undefined,
        search
          ? or(ilike(packages.name, likePattern(search)), ilike(packages.description, likePattern(search)))
          : undefined,
      );
      return pageOfRows(db, packages, where, page);
    },
    async find(id: number) {
      const [row] = await db
        .select()
        .from(packages)
        .where(and(live, eq(packages.id, id)));
      return row;
    },
    /** The free package new companies start on: the oldest active one priced 0. */
    async findFree() {
      const [row] = await db
        .select()
        .from(packages)
        .where(and(live, eq(packages.isActive, true), eq(packages.price, 0)))
        .orderBy(asc(packages.id))
        .limit(1);
      return row;
    },
    async hasHigherPriced(price: number) {
      const [row] = await db
        .select({ id: packages.id })
        .from(packages)
        .where(and(live, eq(packages.isActive, true), gt(packages.price, price)))
        .limit(1);
      return Boolean(row);
    },
    async create(input: typeof packages.$inferInsert) {
      const [row] = await db.insert(packages).values(input).returning();
      return row!;
    },
    async update(id: number, changes: Partial<typeof packages.$inferInsert>) {
      const [row] = await db
        .update(packages)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(live, eq(packages.id, id)))
        .returning();
      return row;
    },
    /** Soft delete: invoices and periods keep naming it. */
    async remove(id: number) {
      const rows = await db
        .update(packages)
        .set({ deletedAt: new Date(), isActive: false })
        .where(and(live, eq(packages.id, id)))
        .returning({ id: packages.id });
      return rows.length === 1;
    },
  };
}

/** Payment channels of the platform; one default per type. */
export function channelsRepo(db: Db) {
  const live = isNull(paymentChannels.deletedAt);
  /** Makes `id` the only default of its type, in the same transaction as the write. */
  const clearOtherDefaults = (tx: Db, type: string, id: number) =>
    tx
      .update(paymentChannels)
      .set({ isDefault: false })
      .where(
        and(
          live,
          eq(paymentChannels.type, type),
          eq(paymentChannels.isDefault, true),
          sql`${paymentChannels.id} <> ${id}`,
        ),
      );
  return {
    async list(page: PageRequest, search: string, activeOnly: boolean) {
      const where = and(
        live,
        activeOnly ? eq(paymentChannels.isActive, true) : undefined,
        search
          ? or(
              ilike(paymentChannels.name, likePattern(search)),
              ilike(paymentChannels.type, likePattern(search)),
              ilike(paymentChannels.code, likePattern(search)),
            )
          : undefined,
      );
      return pageOfRows(db, paymentChannels, where, page);
    },
    async find(id: number) {
      const [row] = await db
        .select()
        .from(paymentChannels)
        .where(and(live, eq(paymentChannels.id, id)));
      return row;
    },
    async findDefault(type: string) {
      const [row] = await db
        .select()
        .from(paymentChannels)
        .where(
          and(
            live,
            eq(paymentChannels.type, type),
            eq(paymentChannels.isActive, true),
            eq(paymentChannels.isDefault, true),
          ),
        )
        .limit(1);
      return row;
    },
    create(input: typeof paymentChannels.$inferInsert) {
      return db.transaction(async (tx) => {
        // Taken before the insert so the partial unique index never sees two defaults.
        if (input.isDefault) await clearOtherDefaults(tx as unknown as Db, input.type, 0);
        const [row] = await tx.insert(paymentChannels).values(input).returning();
        return row!;
      });
    },
    update(id: number, changes: Partial<typeof paymentChannels.$inferInsert>) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(paymentChannels)
          .where(and(live, eq(paymentChannels.id, id)))
          .for('update');
        if (!current) return undefined;
        const type = changes.type ?? current.type;
        if (changes.isDefault ?? current.isDefault) await clearOtherDefaults(tx as unknown as Db, type, id);
        const [row] = await tx
          .update(paymentChannels)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(paymentChannels.id, id))
          .returning();
        return row;
      });
    },
    async remove(id: number) {
      const rows = await db
        .update(paymentChannels)
        .set({ deletedAt: new Date(), isActive: false, isDefault: false })
        .where(and(live, eq(paymentChannels.id, id)))
        .returning({ id: paymentChannels.id });
      return rows.length === 1;
    },
  };
}

export interface NewInvoice {
  packageRow: PackageRow;
  channel: ChannelRow;
  adminFee: number;
  status: 'PENDING' | 'PAID';
  expiredAt: Date | null;
  createdBy: number | null;
}

/** Periods in force or waiting to start, oldest first. */
const openPeriods = (tx: Db, companyId: number) =>
  tx
    .select()
    .from(companyPackages)
    .where(and(eq(companyPackages.companyId, companyId), gt(companyPackages.endDate, sql`now()`)))
    .orderBy(asc(companyPackages.startDate), asc(companyPackages.id));

/**
 * Starts the period an invoice paid for: now, or after the last open period. A free period in
 * force ends when a paid one starts, so buying a package is never delayed by the free trial.
 */
async function startPeriod(tx: Db, invoice: InvoiceRow, packagePrice: number) {
  // One company's periods are placed one at a time, so two payments never overlap their periods.
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, invoice.companyId))
    .for('update');
  let open = await openPeriods(tx, invoice.companyId);
  const now = new Date();
  if (packagePrice > 0) {
    const freeIds = open.filter((period) => period.packagePrice === 0).map((period) => period.id);
    if (freeIds.length > 0) {
      await tx
        .update(companyPackages)
        .set({ endDate: now })
        .where(and(eq(companyPackages.companyId, invoice.companyId), inArray(companyPackages.id, freeIds)));
      open = open.filter((period) => !freeIds.includes(period.id));
    }
  }
  const latestEnd = open.reduce(
    (latest, period) => Math.max(latest, period.endDate.getTime()),
    now.getTime(),
  );
  const start = new Date(latestEnd);
  const end = new Date(start.getTime() + invoice.durationInDays * 86_400_000);
  const [period] = await tx
    .insert(companyPackages)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      packageId: invoice.packageId,
      packageName: invoice.packageName,
      packagePrice,
      durationInDays: invoice.durationInDays,
      startDate: start,
      endDate: end,
      waMessageLimit: invoice.waMessageLimit,
      aiUsageLimit: invoice.aiUsageLimit,
    })
    .onConflictDoNothing()
    .returning();
  if (period && start.getTime() <= now.getTime()) {
    await tx
      .update(companies)
      .set({ packageId: invoice.packageId, paymentChannelId: invoice.paymentChannelId, updatedAt: now })
      .where(eq(companies.id, invoice.companyId));
  }
  return period;
}

/** One company's invoices and package periods. Every query is scoped to it. */
export function companyBillingRepo(db: Db, companyId: number) {
  const mine = eq(invoices.companyId, companyId);
  const select = (where: SQL | undefined) =>
    db
      .select(invoiceView)
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(mine, where));
  return {
    async list(page: PageRequest, filter: InvoiceFilter, search: string) {
      const where = and(
        mine,
        filter.status ? eq(invoices.status, filter.status) : undefined,
        filter.excludeStatus ? ne(invoices.status, filter.excludeStatus) : undefined,
        search
          ? or(
              ilike(invoices.invoiceNumber, likePattern(search)),
              ilike(invoices.packageName, likePattern(search)),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(invoiceView)
          .from(invoices)
          .innerJoin(companies, eq(companies.id, invoices.companyId))
          .where(where)
          .orderBy(page.order, desc(invoices.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      return { rows: flatten(rows), total: total?.n ?? 0 };
    },

    async find(id: number) {
      return flatten(await select(eq(invoices.id, id)))[0];
    },

    async latest() {
      return flatten(
        await select(undefined).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(1),
      )[0];
    },

    async pending() {
      return flatten(await select(eq(invoices.status, 'PENDING')).limit(1))[0];
    },

    /** Every period, newest first, with its invoice number. */
    async periods() {
      return db
        .select({ period: companyPackages, invoiceNumber: invoices.invoiceNumber })
        .from(companyPackages)
        .leftJoin(invoices, eq(invoices.id, companyPackages.invoiceId))
        .where(eq(companyPackages.companyId, companyId))
        .orderBy(desc(companyPackages.startDate), desc(companyPackages.id));
    },

    async hasOpenPeriod() {
      return (await openPeriods(db, companyId)).length > 0;
    },

    /**
     * Writes a new invoice with the month's next number. PENDING ones are refused (null) while
     * another is pending: the partial unique index decides, however many requests race. A PAID
     * one (the free package) starts its period in the same transaction.
     */
    async create(input: NewInvoice): Promise<InvoiceRow | null> {
      const { packageRow, channel } = input;
      try {
        return await db.transaction(async (tx) => {
          const period = invoicePeriod();
          // The counter row stays locked until commit, so numbers follow each other without gaps.
          const [counter] = await tx
            .insert(invoiceCounters)
            .values({ period, lastValue: 1 })
            .onConflictDoUpdate({
              target: invoiceCounters.period,
              set: { lastValue: sql`${invoiceCounters.lastValue} + 1` },
            })
            .returning();
          const [row] = await tx
            .insert(invoices)
            .values({
              companyId,
              invoiceNumber: `INV-${period}-${String(counter!.lastValue).padStart(5, '0')}`,
              status: input.status,
              packageId: packageRow.id,
              packageName: packageRow.name,
              durationInDays: packageRow.durationInDays,
              waMessageLimit: packageRow.waMessageLimit,
              aiUsageLimit: packageRow.aiUsageLimit,
              paymentChannelId: channel.id,
              channelName: channel.name,
              channelCode: channel.code,
              paymentMethod: channel.type,
              packageAmount: packageRow.price,
              adminFee: input.adminFee,
              amount: packageRow.price + input.adminFee,
              expiredAt: input.expiredAt,
              paidAt: input.status === 'PAID' ? new Date() : null,
              paidAmount: input.status === 'PAID' ? 0 : null,
              createdBy: input.createdBy,
            })
            .returning();
          if (input.status === 'PAID') await startPeriod(tx as unknown as Db, row!, packageRow.price);
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async attachPayment(
      id: number,
      payment: {
        provider: string;
        providerRef: string;
        accountNumber: string | null;
        qrString: string | null;
        paymentUrl: string | null;
      },
    ) {
      await db
        .update(invoices)
        .set({ ...payment, updatedAt: new Date() })
        .where(and(mine, eq(invoices.id, id)));
    },

    /** The provider refused: the invoice fails and frees the company's pending slot. */
    async markFailed(id: number, reason: string) {
      await db
        .update(invoices)
        .set({ status: 'FAILED', failureReason: reason.slice(0, 500), updatedAt: new Date() })
        .where(and(mine, eq(invoices.id, id), eq(invoices.status, 'PENDING')));
    },
  };
}

export type PaidOutcome =
  | { outcome: 'unknown' }
  | { outcome: 'duplicate'; invoice: InvoiceRow }
  | { outcome: 'mismatch'; invoice: InvoiceRow }
  | { outcome: 'paid'; invoice: InvoiceRow; period: PeriodRow | undefined };

export interface AdminInvoiceFilter {
  status?: InvoiceStatus;
  start?: Date;
  end?: Date;
  search: string;
  companyId?: number;
}

/** Billing across companies: super-admin transactions and statistics, callbacks and the expiry job. */
export function platformBillingRepo(db: Db) {
  return {
    async list(filter: AdminInvoiceFilter, page: { limit: number; offset: number }) {
      const pattern = likePattern(filter.search);
      const where = and(
        filter.status ? eq(invoices.status, filter.status) : undefined,
        filter.start ? gte(invoices.createdAt, filter.start) : undefined,
        filter.end ? lte(invoices.createdAt, filter.end) : undefined,
        filter.companyId ? eq(invoices.companyId, filter.companyId) : undefined,
        filter.search
          ? or(
              ilike(invoices.invoiceNumber, pattern),
              ilike(invoices.packageName, pattern),
              ilike(invoices.channelName, pattern),
              ilike(companies.companyName, pattern),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(invoiceView)
          .from(invoices)
          .innerJoin(companies, eq(companies.id, invoices.companyId))
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(invoices)
          .innerJoin(companies, eq(companies.id, invoices.companyId))
          .where(where),
      ]);
      return { rows: flatten(rows), total: total?.n ?? 0 };
    },

    async find(id: number) {
      return flatten(
        await db
          .select(invoiceView)
          .from(invoices)
          .innerJoin(companies, eq(companies.id, invoices.companyId))
          .where(eq(invoices.id, id)),
      )[0];
    },

    /**
     * A paid callback: in one transaction, the invoice becomes PAID only when it was not already,
     * and only for the exact amount; its period starts at the same time.
     */
    markPaid(reference: string, paymentId: string, amount: number): Promise<PaidOutcome> {
      return db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.externalId, reference))
          .for('update');
        if (!invoice) return { outcome: 'unknown' } as const;
        if (invoice.status === 'PAID') return { outcome: 'duplicate', invoice } as const;
        if (amount !== invoice.amount) return { outcome: 'mismatch', invoice } as const;
        // Money that arrives after the expiry job (or a failure report) still buys the package.
        const [paid] = await tx
          .update(invoices)
          .set({ status: 'PAID', paidAt: new Date(), paidAmount: amount, providerPaymentId: paymentId })
          .where(eq(invoices.id, invoice.id))
          .returning();
        const period = await startPeriod(tx as unknown as Db, paid!, invoice.packageAmount);
        return { outcome: 'paid', invoice: paid!, period } as const;
      });
    },

    /** PENDING becomes `status`; answers the row only when this call changed it. */
    async close(reference: string, status: 'EXPIRED' | 'FAILED', reason?: string) {
      const [row] = await db
        .update(invoices)
        .set({ status, failureReason: reason ?? null, updatedAt: new Date() })
        .where(and(eq(invoices.externalId, reference), eq(invoices.status, 'PENDING')))
        .returning();
      return row;
    },

    async findByReference(reference: string) {
      const [row] = await db.select().from(invoices).where(eq(invoices.externalId, reference));
      return row;
    },

    /**
     * Claims up to `limit` pending invoices past their expiry and marks them EXPIRED. SKIP LOCKED
     * lets several processes run the job at once without waiting on or repeating each other.
     */
    expireDue(limit: number) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.status, 'PENDING'), lte(invoices.expiredAt, sql`now()`)))
          .orderBy(asc(invoices.expiredAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(invoices)
          .set({ status: 'EXPIRED', updatedAt: new Date() })
          .where(
            and(
              inArray(
                invoices.id,
                due.map((row) => row.id),
              ),
              eq(invoices.status, 'PENDING'),
            ),
          )
          .returning();
      });
    },

    async statistics() {
      const [[customers], [revenue], monthly] = await Promise.all([
        db
          .select({ n: sql<number>`count(distinct ${companyPackages.companyId})::int` })
          .from(companyPackages)
          .innerJoin(companies, eq(companies.id, companyPackages.companyId))
          .where(
            and(
              isNull(companies.deletedAt),
              lte(companyPackages.startDate, sql`now()`),
              gt(companyPackages.endDate, sql`now()`),
            ),
          ),
        db
          .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)` })
          .from(invoices)
          .where(eq(invoices.status, 'PAID')),
        db
          .select({
            month: sql<string>`to_char(date_trunc('month', (${invoices.paidAt} at time zone 'UTC') + interval '7 hours'), 'YYYY-MM')`,
            revenue: sql<string>`coalesce(sum(${invoices.amount}), 0)`,
            transactions: sql<number>`count(*)::int`,
          })
          .from(invoices)
          .where(and(eq(invoices.status, 'PAID'), gte(invoices.paidAt, sql`now() - interval '13 months'`)))
          .groupBy(sql`1`),
      ]);
      return {
        activeCustomers: customers?.n ?? 0,
        totalRevenue: Number(revenue?.total ?? 0),
        monthly: monthly.map((row) => ({ ...row, revenue: Number(row.revenue) })),
      };
    },

    async clientStatistics() {
      const [[companyCount], [userCount]] = await Promise.all([
        db.select({ n: count() }).from(companies).where(isNull(companies.deletedAt)),
        db.select({ n: count() }).from(users).where(isNull(users.deletedAt)),
      ]);
      return { totalCompanies: companyCount?.n ?? 0, totalUsers: userCount?.n ?? 0 };
    },
  };
}

export type QuotaKind = 'wa' | 'ai';

/** The quota counters of the period in force. */
export function quotaRepo(db: Db) {
  const inForce = (companyId: number) =>
    and(
      eq(companyPackages.companyId, companyId),
      lte(companyPackages.startDate, sql`now()`),
      gt(companyPackages.endDate, sql`now()`),
    );
  return {
    async remaining(companyId: number) {
      const [row] = await db
        .select({
          wa: sql<number>`coalesce(sum(${companyPackages.waMessageLimit} - ${companyPackages.waMessageCount}), 0)::int`,
          ai: sql<number>`coalesce(sum(${companyPackages.aiUsageLimit} - ${companyPackages.aiUsageCount}), 0)::int`,
        })
        .from(companyPackages)
        .where(inForce(companyId));
      return { wa: row?.wa ?? 0, ai: row?.ai ?? 0 };
    },

    /**
     * One conditional UPDATE: it adds `n` only where the period in force still has room, and the
     * row lock plus the re-checked condition make concurrent consumers queue instead of overspend.
     */
    async consume(companyId: number, kind: QuotaKind, n: number) {
      const count = kind === 'wa' ? companyPackages.waMessageCount : companyPackages.aiUsageCount;
      const limit = kind === 'wa' ? companyPackages.waMessageLimit : companyPackages.aiUsageLimit;
      const set =
        kind === 'wa'
          ? { waMessageCount: sql`${companyPackages.waMessageCount} + ${n}` }
          : { aiUsageCount: sql`${companyPackages.aiUsageCount} + ${n}` };
      const rows = await db
        .update(companyPackages)
        .set(set)
        .where(and(inForce(companyId), sql`${count} + ${n} <= ${limit}`))
        .returning({ id: companyPackages.id });
      return rows.length > 0;
    },

    /** Gives back what was taken for a send that did not happen. */
    async release(companyId: number, kind: QuotaKind, n: number) {
      const count = kind === 'wa' ? companyPackages.waMessageCount : companyPackages.aiUsageCount;
      const set =
        kind === 'wa'
          ? { waMessageCount: sql`greatest(${companyPackages.waMessageCount} - ${n}, 0)` }
          : { aiUsageCount: sql`greatest(${companyPackages.aiUsageCount} - ${n}, 0)` };
      const rows = await db
        .update(companyPackages)
        .set(set)
        .where(and(inForce(companyId), sql`${count} > 0`))
        .returning({ id: companyPackages.id });
      return rows.length > 0;
    },
  };
}
