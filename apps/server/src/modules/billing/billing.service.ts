import {
  type AdminBillingsQuery,
  type AdminStatistics,
  BILLING_MSG,
  type BillingCurrent,
  type BillingSummary,
  type ChannelBody,
  type CreateBilledCompanyBody,
  type PackageBody,
  type UpdateChannelBody,
  type UpdatePackageBody,
  type UpgradeBody,
  VA_BANK_CODES,
} from '@app/contract/billing';
import { MSG } from '@app/contract/messages';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Principal, Tenant } from '../../http/access.ts';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unauthorized,
} from '../../http/errors.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { PaymentProviderError, type PaymentsPort } from '../../providers/payments/port.ts';
import { companiesRepo } from '../companies/companies.repo.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { invoicePdf } from './billing.pdf.ts';
import { presentInvoice, presentPeriod } from './billing.presenter.ts';
import {
  type ChannelRow,
  channelsRepo,
  companyBillingRepo,
  type InvoiceFilter,
  type InvoiceRow,
  type PackageRow,
  packagesRepo,
  platformBillingRepo,
} from './billing.repo.ts';
import { quotaService } from './quota.service.ts';

const rupiah = (value: number) => `Rp ${Math.round(value).toLocaleString('id-ID')}`;

/** A virtual account's bank: the given code, else a bank named in the channel name, else BCA. */
export function channelCode(type: string, name: string, code?: string) {
  if (type === 'QRIS') return 'QRIS';
  if (code) return code;
  const words = name.toUpperCase().split(/[^A-Z_]+/);
  return VA_BANK_CODES.find((bank) => words.includes(bank)) ?? 'BCA';
}

type PackagesRepo = ReturnType<typeof packagesRepo>;

/** A package form (a new package, or the fields an edit sends) as the package row's columns. */
function packageColumns(body: PackageBody): Parameters<PackagesRepo['create']>[0];
function packageColumns(body: UpdatePackageBody): Parameters<PackagesRepo['update']>[1];
function packageColumns(body: UpdatePackageBody): Parameters<PackagesRepo['update']>[1] {
  return {
    name: body.name,
    description: body.description,
    price: body.price,
    waMessageLimit: body.wa_message_limit,
    aiUsageLimit: body.ai_usage_limit,
    durationInDays: body.duration_in_days,
    isActive: body.is_active,
  };
}

/** Date-only filters are whole days in Indonesian time (WIB). */
const dayBoundary = (value: string | undefined, end: boolean) => {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}+07:00`);
  return new Date(value);
};

const monthKey = (date: Date) => new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 7);

/** Packages, payment channels, invoices through the payment port, callbacks and statistics. */
export function billingService(deps: Deps, notifications: NotificationsService, payments: PaymentsPort) {
  const { db, log } = deps;
  const packages = packagesRepo(db);
  const channels = channelsRepo(db);
  const platform = platformBillingRepo(db);
  const quota = quotaService(db);

  async function tell(companyId: number, title: string, body: string) {
    await notifications.notify({ companyId }, { title, body, typeMessage: 'Transaction' });
    await notifications.notify({ superAdmins: true }, { title, body, typeMessage: 'Transaction' });
  }

  async function companyName(companyId: number) {
    return (await companiesRepo(db).findById(companyId))?.companyName ?? `Company ${companyId}`;
  }

  async function usablePackage(id: number) {
    const row = await packages.find(id);
    if (!row?.isActive) throw fieldError('package_id', BILLING_MSG.packageUnavailable);
    return row;
  }

  async function usableChannel(id: number) {
    const row = await channels.find(id);
    if (!row?.isActive) throw fieldError('payment_channel_id', BILLING_MSG.channelUnavailable);
    return row;
  }

  /** The free package starts at once, paid for with nothing; only when no period is open. */
  async function activateFree(
    tenantDb: Db,
    companyId: number,
    pkg: PackageRow,
    channel: ChannelRow,
    by: number,
  ) {
    const repo = companyBillingRepo(tenantDb, companyId);
    if (await repo.hasOpenPeriod()) throw fieldError('package_id', BILLING_MSG.freeWhileActive);
    const row = await repo.create({
      packageRow: pkg,
      channel,
      adminFee: 0,
      status: 'PAID',
      expiredAt: null,
      createdBy: by,
    });
    return row!;
  }

  const billingOf = (tenant: Tenant) => companyBillingRepo(db, tenant.companyId);

  async function invoiceOf(tenant: Tenant, id: number) {
    const row = await billingOf(tenant).find(id);
    if (!row) throw notFound(MSG.notFound('Invoice'));
    return row;
  }

  return {
    quota,

    // --- packages (super-admin Package Management; clients see the active ones) ---
    listPackages: (principal: Principal, page: PageRequest, search: string) =>
      packages.list(page, search, !principal.isSuperAdmin),

    async findPackage(id: number) {
      const row = await packages.find(id);
      if (!row) throw notFound(MSG.notFound('Package'));
      return row;
    },

    createPackage: (body: PackageBody) => packages.create(packageColumns(body)),

    async updatePackage(id: number, body: UpdatePackageBody) {
      const row = await packages.update(id, packageColumns(body));
      if (!row) throw notFound(MSG.notFound('Package'));
      return row;
    },

    async removePackage(id: number) {
      if (!(await packages.remove(id))) throw notFound(MSG.notFound('Package'));
    },

    // --- payment channels ---
    listChannels: (page: PageRequest, search: string, activeOnly: boolean) =>
      channels.list(page, search, activeOnly),

    async findChannel(id: number) {
      const row = await channels.find(id);
      if (!row) throw notFound(MSG.notFound('Payment channel'));
      return row;
    },

    createChannel: (body: ChannelBody) =>
      channels.create({
        name: body.name,
        type: body.type,
        code: channelCode(body.type, body.name, body.code),
        adminFee: body.admin_fee,
        expiredDuration: body.expired_duration,
        isActive: body.is_active,
        isDefault: body.is_default,
        details: body.details ?? null,
      }),

    async updateChannel(id: number, body: UpdateChannelBody) {
      const current = await channels.find(id);
      if (!current) throw notFound(MSG.notFound('Payment channel'));
      const type = body.type ?? current.type;
      const name = body.name ?? current.name;
      const row = await channels.update(id, {
        name: body.name,
        type: body.type,
        code:
          body.code || body.type || body.name
            ? channelCode(type, name, body.code ?? (type === current.type ? current.code : undefined))
            : undefined,
        adminFee: body.admin_fee,
        expiredDuration: body.expired_duration,
        isActive: body.is_active,
        isDefault: body.is_default,
        details: body.details,
      });
      if (!row) throw notFound(MSG.notFound('Payment channel'));
      return row;
    },

    async removeChannel(id: number) {
      if (!(await channels.remove(id))) throw notFound(MSG.notFound('Payment channel'));
    },

    // --- a company's billing ---
    async current(tenant: Tenant): Promise<BillingCurrent> {
      const repo = billingOf(tenant);
      const [latest, pending, periods] = await Promise.all([repo.latest(), repo.pending(), repo.periods()]);
      const now = new Date();
      const usages = periods.map((row) => presentPeriod(row.period, row.invoiceNumber, now));
      const active = usages.find((usage) => usage.is_active) ?? null;
      const queued = usages.filter((usage) => new Date(usage.start_date) > now).reverse();
      const higher = await packages.hasHigherPriced(active?.package.price ?? 0);
      return {
        invoice: latest ? presentInvoice(latest) : null,
        pending_invoice: pending ? presentInvoice(pending) : null,
        active_package: active,
        queued_packages: queued,
        wa_message_remain: active?.wa_message_remain ?? 0,
        ai_usage_remain: active?.ai_usage_remain ?? 0,
        can_upgrade: higher && !pending,
      };
    },

    history: (tenant: Tenant, page: PageRequest, filter: InvoiceFilter, search: string) =>
      billingOf(tenant).list(page, filter, search),

    invoice: invoiceOf,

    async invoicePdf(tenant: Tenant, id: number) {
      const row = await invoiceOf(tenant, id);
      if (row.status !== 'PAID') throw badRequest(BILLING_MSG.invoiceNotPaid);
      return { row, pdf: invoicePdf(row) };
    },

    /**
     * Buys a package: an invoice of package price + channel admin fee, then a virtual account or a
     * QRIS code from the provider. The free package is activated at once instead.
     */
    async upgrade(tenant: Tenant, body: UpgradeBody) {
      const pkg = await usablePackage(body.package_id);
      const channel = await usableChannel(body.payment_channel_id);
      const repo = billingOf(tenant);
      if (pkg.price === 0) {
        const row = await activateFree(db, tenant.companyId, pkg, channel, tenant.userId);
        await notifications.notify(
          { companyId: tenant.companyId },
          {
            title: 'Package activated',
            body: `${pkg.name} is active for ${pkg.durationInDays} days.`,
            typeMessage: 'Transaction',
          },
        );
        return (await repo.find(row.id))!;
      }
      const adminFee = Math.round(Number(channel.adminFee));
      const expiredAt = new Date(Date.now() + channel.expiredDuration * 3_600_000);
      const row = await repo.create({
        packageRow: pkg,
        channel,
        adminFee,
        status: 'PENDING',
        expiredAt,
        createdBy: tenant.userId,
      });
      if (!row) throw conflict(BILLING_MSG.pendingExists);
      try {
        const payment = await payments.createPayment({
          reference: row.externalId,
          amount: row.amount,
          method: channel.type === 'QRIS' ? 'QRIS' : 'VIRTUAL_ACCOUNT',
          channelCode: row.channelCode,
          displayName: await companyName(tenant.companyId),
          description: `Invoice ${row.invoiceNumber} - ${pkg.name}`,
          expiresAt: expiredAt,
          metadata: { company_id: String(tenant.companyId), invoice_number: row.invoiceNumber },
        });
        await repo.attachPayment(row.id, payment);
      } catch (error) {
        const reason =
          error instanceof PaymentProviderError
            ? `${error.code}: ${error.message}`
            : (error as Error).message;
        log.error({ err: error, invoice: row.invoiceNumber }, 'payment provider refused an invoice');
        await repo.markFailed(row.id, reason);
        throw new AppError(502, 'payment_provider_error', BILLING_MSG.providerFailed);
      }
      return (await repo.find(row.id))!;
    },

    /** Package usage of a company: its own users with billing_read, or a super admin for any. */
    async summary(principal: Principal, companyId: number): Promise<BillingSummary> {
      if (!principal.isSuperAdmin) {
        if (principal.companyId !== companyId) throw notFound(MSG.notFound('Company'));
        if (!principal.permissions.has('billing_read'))
          throw forbidden(MSG.permissionDenied, 'permission_denied');
      }
      if (!(await companiesRepo(db).findById(companyId))) throw notFound(MSG.notFound('Company'));
      const periods = await companyBillingRepo(db, companyId).periods();
      const usages = periods.map((row) => presentPeriod(row.period, row.invoiceNumber));
      return {
        company_id: companyId,
        total_ai_count: usages.reduce((sum, usage) => sum + usage.ai_usage_count, 0),
        total_wa_count: usages.reduce((sum, usage) => sum + usage.wa_message_count, 0),
        package_usages: usages,
      };
    },

    // --- super admin ---
    async adminList(query: AdminBillingsQuery) {
      return platform.list(
        {
          status: query.status,
          start: dayBoundary(query.start_date, false),
          end: dayBoundary(query.end_date, true),
          search: query.search,
          companyId: query.company_id,
        },
        { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      );
    },

    async adminInvoice(id: number) {
      const row = await platform.find(id);
      if (!row) throw notFound(MSG.notFound('Invoice'));
      return row;
    },

    async statistics(): Promise<AdminStatistics> {
      const stats = await platform.statistics();
      const byMonth = new Map(stats.monthly.map((row) => [row.month, row]));
      const months: string[] = [];
      const cursor = new Date();
      for (let i = 11; i >= 0; i--) {
        const shifted = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() - i, 15));
        months.push(monthKey(shifted));
      }
      let previous = byMonth.get(
        monthKey(new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() - 12, 15))),
      )?.revenue;
      const monthly = months.map((month) => {
        const revenue = byMonth.get(month)?.revenue ?? 0;
        const growth = previous ? Math.round(((revenue - previous) / previous) * 10_000) / 100 : null;
        previous = revenue;
        return { month, revenue, transactions: byMonth.get(month)?.transactions ?? 0, growth };
      });
      return {
        active_customers: stats.activeCustomers,
        total_revenue: stats.totalRevenue,
        monthly_revenue: monthly,
      };
    },

    async clientStatistics() {
      const stats = await platform.clientStatistics();
      return { total_companies: stats.totalCompanies, total_users: stats.totalUsers };
    },

    /**
     * A new company with its first bill: the free package through the default virtual-account
     * channel (super-admin §4), written together or not at all.
     */
    async createCompany(principal: Principal, body: CreateBilledCompanyBody) {
      const channel = await channels.findDefault('VIRTUAL_ACCOUNT');
      if (!channel) throw badRequest(BILLING_MSG.noDefaultChannel);
      const pkg = await packages.findFree();
      if (!pkg) throw badRequest(BILLING_MSG.noFreePackage);
      const { company, invoice } = await db.transaction(async (tx) => {
        const company = await companiesRepo(tx as unknown as Db).create({
          companyName: body.company_name,
          industry: body.industry,
          city: body.city,
          status: body.status,
          contactEmail: body.contact_email.toLowerCase(),
          contactPhone: body.contact_phone,
          website: body.website || null,
          address: body.address,
          packageId: pkg.id,
          paymentChannelId: channel.id,
        });
        const invoice = await activateFree(tx as unknown as Db, company.id, pkg, channel, principal.userId);
        return { company, invoice };
      });
      await notifications.notify(
        { superAdmins: true },
        {
          title: 'Company created',
          body: `${company.companyName} starts on ${pkg.name} (${invoice.invoiceNumber}).`,
          typeMessage: 'Transaction',
        },
      );
      return { company, invoice: (await companyBillingRepo(db, company.id).find(invoice.id))! };
    },

    // --- the provider's callbacks ---
    /**
     * Verifies the token first (nothing is read or changed without it), then applies the event
     * once: a replay finds the invoice already changed and answers 200 without doing anything.
     */
    async callback(headers: Record<string, string | string[] | undefined>, body: unknown) {
      if (!payments.verifyCallback(headers))
        throw unauthorized(BILLING_MSG.callbackTokenInvalid, 'invalid_callback_token');
      const event = payments.parseCallback(body);
      if (event.kind === 'ignored') {
        log.info({ reason: event.reason }, 'payment callback ignored');
        return BILLING_MSG.callbackIgnored;
      }
      if (event.kind === 'paid') {
        const result = await platform.markPaid(event.reference, event.paymentId, event.amount);
        if (result.outcome === 'unknown') throw notFound(BILLING_MSG.callbackUnknownInvoice);
        if (result.outcome === 'duplicate') {
          if (result.invoice.providerPaymentId !== event.paymentId)
            log.warn(
              { invoice: result.invoice.invoiceNumber, paymentId: event.paymentId },
              'a second payment arrived for a paid invoice',
            );
          return BILLING_MSG.callbackDuplicate;
        }
        if (result.outcome === 'mismatch') {
          log.warn(
            { invoice: result.invoice.invoiceNumber, expected: result.invoice.amount, paid: event.amount },
            'paid amount does not match the invoice',
          );
          throw badRequest(BILLING_MSG.amountMismatch);
        }
        const paid: InvoiceRow = result.invoice;
        const starts = result.period?.startDate;
        const when =
          starts && starts.getTime() > Date.now() + 1000
            ? ` It starts on ${starts.toISOString().slice(0, 10)}, after the current package.`
            : ' The package is active now.';
        await tell(
          paid.companyId,
          'Payment received',
          `Invoice ${paid.invoiceNumber} for ${paid.packageName} (${rupiah(paid.amount)}) is paid.${when}`,
        );
        return BILLING_MSG.callbackProcessed;
      }
      const status = event.kind === 'expired' ? 'EXPIRED' : 'FAILED';
      const closed = await platform.close(
        event.reference,
        status,
        event.kind === 'failed' ? event.reason : undefined,
      );
      if (!closed) {
        if (!(await platform.findByReference(event.reference)))
          throw notFound(BILLING_MSG.callbackUnknownInvoice);
        return BILLING_MSG.callbackDuplicate;
      }
      await tell(
        closed.companyId,
        status === 'EXPIRED' ? 'Invoice expired' : 'Payment failed',
        `Invoice ${closed.invoiceNumber} for ${closed.packageName} (${rupiah(closed.amount)}) ${
          status === 'EXPIRED' ? 'expired without payment' : 'could not be paid'
        }.`,
      );
      return BILLING_MSG.callbackProcessed;
    },

    /** The expiry job's work: pending invoices past their time become EXPIRED, and people are told. */
    async expireDue(limit = 100) {
      const expired = await platform.expireDue(limit);
      for (const row of expired) {
        await tell(
          row.companyId,
          'Invoice expired',
          `Invoice ${row.invoiceNumber} for ${row.packageName} (${rupiah(row.amount)}) expired without payment.`,
        );
      }
      return expired;
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
