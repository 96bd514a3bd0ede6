import {
  adminBillingsEnvelope,
  adminBillingsQuery,
  adminStatistics,
  BILLING_MSG,
  billingCurrent,
  billingHistoryQuery,
  billingPackage,
  billingSummary,
  channelBody,
  clientStatistics,
  createBilledCompanyBody,
  invoice,
  packageBody,
  paymentChannel,
  updateChannelBody,
  updatePackageBody,
  upgradeBody,
} from '@app/contract/billing';
import { envelope, idParam, listEnvelope, listQuery } from '@app/contract/common';
import { company } from '@app/contract/companies';
import { z } from 'zod';
import { invoices, packages, paymentChannels } from '../../db/schema/billing.ts';
import type { Deps } from '../../deps.ts';
import { principalOf, tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { xenditPayments } from '../../providers/payments/xendit.ts';
import { localOrigin, SANDBOX_PREFIX } from '../../sandbox/payments.ts';
import { presentCompany } from '../companies/companies.presenter.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { presentChannel, presentInvoice, presentPackage } from './billing.presenter.ts';
import { type BillingService, billingService } from './billing.service.ts';

const tags = ['billing'];
const packageSort = { created_at: packages.createdAt, name: packages.name, price: packages.price };
const channelSort = {
  created_at: paymentChannels.createdAt,
  name: paymentChannels.name,
  admin_fee: paymentChannels.adminFee,
};
const invoiceSort = {
  created_at: invoices.createdAt,
  amount: invoices.amount,
  invoice_number: invoices.invoiceNumber,
};

/**
 * Wires billing: the Xendit adapter (real HTTP; by default against the sandbox mounted in this
 * server) and every billing route. Answers the service, whose `quota` other modules spend.
 */
export function billingModule(app: App, deps: Deps, notifications: NotificationsService) {
  const { payments } = deps.config;
  const payments_ = xenditPayments({
    baseUrl: payments.xenditBaseUrl ?? (() => `${localOrigin(app)}${SANDBOX_PREFIX}`),
    secretKey: payments.xenditSecretKey,
    callbackToken: payments.callbackToken,
  });
  const billing = billingService(deps, notifications, payments_);
  billingRoutes(app, billing);
  return billing;
}

export function billingRoutes(app: App, billing: BillingService) {
  // --- a company's billing (client-area §2 Billing, §7) ---
  app.get(
    '/api/billings/current',
    {
      config: { access: { permission: 'billing_read' } },
      schema: { tags, response: { 200: envelope(billingCurrent) } },
    },
    async (request, reply) => send(reply, await billing.current(tenantOf(request))),
  );

  app.post(
    '/api/billings/upgrade',
    {
      config: { access: { permission: 'billing_update' } },
      schema: { tags, body: upgradeBody, response: { 201: envelope(invoice) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentInvoice(await billing.upgrade(tenantOf(request), request.body)),
        BILLING_MSG.upgraded,
        201,
      ),
  );

  app.get(
    '/api/billings/history',
    {
      config: { access: { permission: 'billing_read' } },
      schema: { tags, querystring: billingHistoryQuery, response: { 200: listEnvelope(invoice) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, invoiceSort);
      const { rows, total } = await billing.history(
        tenantOf(request),
        page,
        { status: request.query.status, excludeStatus: request.query.exclude_status },
        request.query.search,
      );
      return sendList(reply, rows.map(presentInvoice), page.meta(total));
    },
  );

  app.get(
    '/api/billings/invoices/id/:id',
    {
      config: { access: { permission: 'billing_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(invoice) } },
    },
    async (request, reply) =>
      send(reply, presentInvoice(await billing.invoice(tenantOf(request), request.params.id))),
  );

  app.get(
    '/api/billings/invoices/id/:id/pdf',
    { config: { access: { permission: 'billing_read' } }, schema: { tags, params: idParam } },
    async (request, reply) => {
      const { row, pdf } = await billing.invoicePdf(tenantOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${row.invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // A company's own id, or any company for a super admin; the service checks which.
  app.get(
    '/api/billings/company/:id/summary',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: idParam, response: { 200: envelope(billingSummary) } },
    },
    async (request, reply) => send(reply, await billing.summary(principalOf(request), request.params.id)),
  );

  // --- catalogue: clients see the active packages and channels, super admins everything ---
  app.get(
    '/api/admin/packages',
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(billingPackage) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, packageSort);
      const { rows, total } = await billing.listPackages(principalOf(request), page, request.query.search);
      return sendList(reply, rows.map(presentPackage), page.meta(total));
    },
  );

  app.get(
    '/api/channels',
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(paymentChannel) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, channelSort);
      const { rows, total } = await billing.listChannels(page, request.query.search, true);
      return sendList(reply, rows.map(presentChannel), page.meta(total));
    },
  );

  // --- super-admin Package Management ---
  app.get(
    '/api/admin/packages/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(billingPackage) } },
    },
    async (request, reply) => send(reply, presentPackage(await billing.findPackage(request.params.id))),
  );

  app.post(
    '/api/admin/packages',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: packageBody, response: { 201: envelope(billingPackage) } },
    },
    async (request, reply) =>
      send(reply, presentPackage(await billing.createPackage(request.body)), BILLING_MSG.packageCreated, 201),
  );

  app.put(
    '/api/admin/packages/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, body: updatePackageBody, response: { 200: envelope(billingPackage) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentPackage(await billing.updatePackage(request.params.id, request.body)),
        BILLING_MSG.packageUpdated,
      ),
  );

  app.delete(
    '/api/admin/packages/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await billing.removePackage(request.params.id);
      return send(reply, null, BILLING_MSG.packageDeleted);
    },
  );

  // --- super-admin Payment Channel ---
  app.get(
    '/api/admin/channels',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(paymentChannel) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, channelSort);
      const { rows, total } = await billing.listChannels(page, request.query.search, false);
      return sendList(reply, rows.map(presentChannel), page.meta(total));
    },
  );

  app.get(
    '/api/admin/channels/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(paymentChannel) } },
    },
    async (request, reply) => send(reply, presentChannel(await billing.findChannel(request.params.id))),
  );

  app.post(
    '/api/admin/channels',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: channelBody, response: { 201: envelope(paymentChannel) } },
    },
    async (request, reply) =>
      send(reply, presentChannel(await billing.createChannel(request.body)), BILLING_MSG.channelCreated, 201),
  );

  app.put(
    '/api/admin/channels/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, body: updateChannelBody, response: { 200: envelope(paymentChannel) } },
    },
    async (request, reply) =>
      send(
        reply,
        presentChannel(await billing.updateChannel(request.params.id, request.body)),
        BILLING_MSG.channelUpdated,
      ),
  );

  app.delete(
    '/api/admin/channels/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await billing.removeChannel(request.params.id);
      return send(reply, null, BILLING_MSG.channelDeleted);
    },
  );

  // --- super-admin transactions, statistics and company creation ---
  app.get(
    '/api/admin/billings',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, querystring: adminBillingsQuery, response: { 200: adminBillingsEnvelope } },
    },
    async (request, reply) => {
      const { rows, total } = await billing.adminList(request.query);
      return reply.send({
        status_code: 200,
        message: 'Success',
        data: rows.map(presentInvoice),
        meta: { total, page: request.query.page, per_page: request.query.per_page },
      });
    },
  );

  app.get(
    '/api/admin/billings/id/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(invoice) } },
    },
    async (request, reply) => send(reply, presentInvoice(await billing.adminInvoice(request.params.id))),
  );

  app.get(
    '/api/admin/billings/statistics',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, response: { 200: envelope(adminStatistics) } },
    },
    async (_request, reply) => send(reply, await billing.statistics()),
  );

  app.get(
    '/api/client/statistics/company',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, response: { 200: envelope(clientStatistics) } },
    },
    async (_request, reply) => send(reply, await billing.clientStatistics()),
  );

  app.post(
    '/api/admin/billings/company',
    {
      config: { access: { superAdmin: true } },
      schema: {
        tags,
        body: createBilledCompanyBody,
        response: { 201: envelope(z.object({ company, invoice })) },
      },
    },
    async (request, reply) => {
      const created = await billing.createCompany(principalOf(request), request.body);
      return send(
        reply,
        { company: presentCompany(created.company), invoice: presentInvoice(created.invoice) },
        BILLING_MSG.companyCreated,
        201,
      );
    },
  );

  // --- the provider's callbacks: public, authenticated by the x-callback-token ---
  app.post(
    '/api/billings/callback/xendit',
    {
      config: { access: { public: true } },
      schema: { tags, body: z.unknown(), response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => send(reply, null, await billing.callback(request.headers, request.body)),
  );
}
