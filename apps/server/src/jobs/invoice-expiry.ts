import type { Deps } from '../deps.ts';
import { billingService } from '../modules/billing/billing.service.ts';
import { notificationsService } from '../modules/notifications/notifications.service.ts';
import type { PaymentsPort } from '../providers/payments/port.ts';
import { type PeriodicHost, runEvery } from './run-every.ts';

/** Expiry needs no provider call; the port is only there because the service is built with one. */
const noPayments: PaymentsPort = {
  createPayment: () => Promise.reject(new Error('the expiry job creates no payments')),
  verifyCallback: () => false,
  parseCallback: () => ({ kind: 'ignored', reason: 'the expiry job reads no callbacks' }),
};

/**
 * Marks pending invoices EXPIRED once their channel's expired_duration has passed, and tells the
 * company and the super admins. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * processes may run this at once. Answers how many invoices it expired.
 */
export async function runInvoiceExpiry(deps: Deps, batch = 100) {
  const billing = billingService(deps, notificationsService(deps), noPayments);
  let total = 0;
  for (;;) {
    const expired = await billing.expireDue(batch);
    total += expired.length;
    if (expired.length < batch) return total;
  }
}

/** The loop `npm start` runs: every INVOICE_EXPIRY_INTERVAL_SECONDS, stopped when the app closes. */
export function startInvoiceExpiry(app: PeriodicHost) {
  const { deps } = app;
  runEvery(app, deps.config.payments.expiryIntervalSeconds * 1000, 'invoice expiry failed', async () => {
    const expired = await runInvoiceExpiry(deps);
    if (expired > 0) deps.log.info({ expired }, 'invoices expired');
  });
}
