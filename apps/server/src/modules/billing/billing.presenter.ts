import type {
  BillingPackage,
  ChannelType,
  Invoice,
  InvoiceStatus,
  PackageUsage,
  PaymentChannel,
} from '@app/contract/billing';
import type { ChannelRow, InvoiceView, PackageRow, PeriodRow } from './billing.repo.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentPackage(row: PackageRow): BillingPackage {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    description: row.description,
    price: row.price,
    wa_message_limit: row.waMessageLimit,
    ai_usage_limit: row.aiUsageLimit,
    duration_in_days: row.durationInDays,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentChannel(row: ChannelRow): PaymentChannel {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    type: row.type as ChannelType,
    code: row.code,
    admin_fee: Number(row.adminFee),
    expired_duration: row.expiredDuration,
    is_active: row.isActive,
    is_default: row.isDefault,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentInvoice(row: InvoiceView): Invoice {
  const qris = row.paymentMethod === 'QRIS';
  return {
    id: row.id,
    external_id: row.externalId,
    invoice_number: row.invoiceNumber,
    status: row.status as InvoiceStatus,
    company: { id: row.companyId, name: row.companyName },
    package: {
      id: row.packageId,
      name: row.packageName,
      price: row.packageAmount,
      duration_in_days: row.durationInDays,
      wa_message_limit: row.waMessageLimit,
      ai_usage_limit: row.aiUsageLimit,
    },
    package_amount: row.packageAmount,
    admin_fee: row.adminFee,
    amount: row.amount,
    payment_method: row.paymentMethod as ChannelType,
    payment_channel: { id: row.paymentChannelId, name: row.channelName, code: row.channelCode },
    payment_details: {
      xendit: {
        payment_request_id: row.providerRef,
        account_number: qris ? null : row.accountNumber,
        bank_code: qris ? null : row.channelCode,
        qr_code_url: qris ? row.qrString : null,
        qr_string: qris ? row.qrString : null,
      },
    },
    payment_url: row.status === 'PENDING' ? row.paymentUrl : null,
    created_at: row.createdAt.toISOString(),
    expired_at: iso(row.expiredAt),
    paid_at: iso(row.paidAt),
  };
}

export function presentPeriod(row: PeriodRow, invoiceNumber: string | null, now = new Date()): PackageUsage {
  return {
    id: row.id,
    package: {
      id: row.packageId,
      name: row.packageName,
      price: row.packagePrice,
      duration_in_days: row.durationInDays,
    },
    invoice_number: invoiceNumber,
    is_active: row.startDate <= now && now < row.endDate,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    wa_message_count: row.waMessageCount,
    wa_message_limit: row.waMessageLimit,
    wa_message_remain: Math.max(row.waMessageLimit - row.waMessageCount, 0),
    ai_usage_count: row.aiUsageCount,
    ai_usage_limit: row.aiUsageLimit,
    ai_usage_remain: Math.max(row.aiUsageLimit - row.aiUsageCount, 0),
  };
}
