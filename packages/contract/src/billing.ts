import { z } from 'zod';
import { listQuery, requiredText } from './common.ts';
import { companyBody } from './companies.ts';
import { NAME_MAX, TEXT_MAX } from './constants.ts';

/** Texts of billing, packages, payment channels and transactions (super-admin §5 and §8, client-area §8). */
export const BILLING_MSG = {
  packageNameRequired: 'Package name is required',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be positive',
  messageLimitRequired: 'Message limit is required',
  limitPositive: 'Limit must be positive',
  aiLimitRequired: 'AI usage limit is required',
  durationRequired: 'Duration is required',
  durationDays: 'Duration must be at least 1 day',
  descriptionRequired: 'Description is required',
  wholeNumber: 'Must be a whole number',

  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  adminFeeRequired: 'Admin fee is required',
  adminFeePositive: 'Admin fee must be positive',
  expiredDurationRequired: 'Expired duration is required',
  durationHours: 'Duration must be at least 1 hour',

  packageCreated: 'Package created successfully',
  packageUpdated: 'Package updated successfully',
  packageDeleted: 'Package successfully deleted',
  channelCreated: 'Payment channel created successfully',
  channelUpdated: 'Payment channel updated successfully',
  channelDeleted: 'Payment channel deleted successfully',
  companyCreated: 'Company created successfully',
  upgraded: 'Upgrade successfully',

  noDefaultChannel: 'No default payment channel found for Virtual Account',
  noFreePackage: 'No default package found for Free package',
  packageRequired: 'Package is required',
  channelRequired: 'Payment channel is required',
  packageUnavailable: 'This package is not available',
  channelUnavailable: 'This payment channel is not available',
  pendingExists: 'You already have an invoice awaiting payment',
  freeWhileActive: 'The free package can only be activated when no package is active',
  invoiceNotPaid: 'Only a paid invoice can be downloaded',
  providerFailed: 'The payment provider could not create the payment. Please try again.',
  callbackTokenInvalid: 'Invalid callback token',
  amountMismatch: 'Paid amount does not match the invoice',
  callbackUnknownInvoice: 'Invoice not found for this callback',
  callbackProcessed: 'Callback processed',
  callbackDuplicate: 'Callback already processed',
  callbackIgnored: 'Callback ignored',
  invalidDate: 'Use a date such as 2026-01-31',
} as const;

export const CHANNEL_TYPES = ['VIRTUAL_ACCOUNT', 'QRIS'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Bank codes of Xendit fixed virtual accounts. */
export const VA_BANK_CODES = [
  'BCA',
  'BNI',
  'BRI',
  'MANDIRI',
  'PERMATA',
  'BSI',
  'BJB',
  'CIMB',
  'SAHABAT_SAMPOERNA',
  'BNC',
] as const;
export const INVOICE_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'FAILED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Payment channel defaults and package defaults of super-admin §9. */
export const CHANNEL_DEFAULTS = { admin_fee: 0, expired_duration: 24, is_active: true, is_default: false };
export const PACKAGE_DEFAULTS = {
  price: 0,
  wa_message_limit: 0,
  ai_usage_limit: 0,
  duration_in_days: 0,
  is_active: true,
};

export const billingPackage = z.object({
  id: z.number(),
  external_id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  wa_message_limit: z.number(),
  ai_usage_limit: z.number(),
  duration_in_days: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BillingPackage = z.infer<typeof billingPackage>;

export const paymentChannel = z.object({
  id: z.number(),
  external_id: z.string(),
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  /** Xendit channel: the bank code of a virtual account, 'QRIS' for QRIS. */
  code: z.string(),
  admin_fee: z.number(),
  expired_duration: z.number(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  details: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentChannel = z.infer<typeof paymentChannel>;

/** Integers in the body, also when a form sends "150000". */
const integer = (required: string, min: number, tooSmall: string) =>
  z.coerce
    .number({ error: required })
    .refine((value) => Number.isFinite(value), required)
    .pipe(z.number().int(BILLING_MSG.wholeNumber).min(min, tooSmall).max(2_000_000_000, tooSmall));

/** An empty form field counts as missing; the schema's own message then says it is required. */
const requiredNumber = <T extends z.ZodType>(_required: string, schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

/** The package form of super-admin §5: numbers are integers. */
export const packageBody = z.strictObject({
  name: requiredText(BILLING_MSG.packageNameRequired, NAME_MAX),
  description: requiredText(BILLING_MSG.descriptionRequired, TEXT_MAX),
  price: requiredNumber(
    BILLING_MSG.priceRequired,
    integer(BILLING_MSG.priceRequired, 0, BILLING_MSG.pricePositive),
  ),
  wa_message_limit: requiredNumber(
    BILLING_MSG.messageLimitRequired,
    integer(BILLING_MSG.messageLimitRequired, 0, BILLING_MSG.limitPositive),
  ),
  ai_usage_limit: requiredNumber(
    BILLING_MSG.aiLimitRequired,
    integer(BILLING_MSG.aiLimitRequired, 0, BILLING_MSG.limitPositive),
  ),
  duration_in_days: requiredNumber(
    BILLING_MSG.durationRequired,
    integer(BILLING_MSG.durationRequired, 1, BILLING_MSG.durationDays),
  ),
  is_active: z.boolean().default(PACKAGE_DEFAULTS.is_active),
});
export type PackageBody = z.infer<typeof packageBody>;
export const updatePackageBody = packageBody.partial();
export type UpdatePackageBody = z.infer<typeof updatePackageBody>;

const channelType = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toUpperCase()
          .replace(/[\s-]+/g, '_')
      : value,
  z.enum(CHANNEL_TYPES, { error: BILLING_MSG.typeRequired }),
);

/** The payment channel form of super-admin §5: admin fee is a decimal, the expiry is whole hours. */
export const channelBody = z.strictObject({
  name: requiredText(BILLING_MSG.nameRequired, NAME_MAX),
  type: channelType,
  admin_fee: requiredNumber(
    BILLING_MSG.adminFeeRequired,
    z.coerce
      .number({ error: BILLING_MSG.adminFeeRequired })
      .refine((value) => Number.isFinite(value), BILLING_MSG.adminFeeRequired)
      .pipe(z.number().min(0, BILLING_MSG.adminFeePositive).max(100_000_000, BILLING_MSG.adminFeePositive)),
  ).default(CHANNEL_DEFAULTS.admin_fee),
  expired_duration: requiredNumber(
    BILLING_MSG.expiredDurationRequired,
    integer(BILLING_MSG.expiredDurationRequired, 1, BILLING_MSG.durationHours),
  ).default(CHANNEL_DEFAULTS.expired_duration),
  is_active: z.boolean().default(CHANNEL_DEFAULTS.is_active),
  is_default: z.boolean().default(CHANNEL_DEFAULTS.is_default),
  /** Bank code for a virtual account (BCA when not given and not in the name); QRIS for QRIS. */
  code: z.string().trim().toUpperCase().max(32).optional(),
  details: z.string().trim().max(TEXT_MAX).nullable().optional(),
});
export type ChannelBody = z.infer<typeof channelBody>;
export const updateChannelBody = z.strictObject({
  name: channelBody.shape.name.optional(),
  type: channelType.optional(),
  admin_fee: z.coerce.number().min(0, BILLING_MSG.adminFeePositive).max(100_000_000).optional(),
  expired_duration: integer(BILLING_MSG.expiredDurationRequired, 1, BILLING_MSG.durationHours).optional(),
  is_active: z.boolean().optional(),
  is_default: z.boolean().optional(),
  code: z.string().trim().toUpperCase().max(32).optional(),
  details: z.string().trim().max(TEXT_MAX).nullable().optional(),
});
export type UpdateChannelBody = z.infer<typeof updateChannelBody>;

/** `POST /billings/upgrade` (client-area §3). */
export const upgradeBody = z.strictObject({
  package_id: z.coerce
    .number({ error: BILLING_MSG.packageRequired })
    .int()
    .positive(BILLING_MSG.packageRequired),
  payment_channel_id: z.coerce
    .number({ error: BILLING_MSG.channelRequired })
    .int()
    .positive(BILLING_MSG.channelRequired),
});
export type UpgradeBody = z.infer<typeof upgradeBody>;

/** Invoice as client-area §3 and super-admin §3 (Transaction) describe it. */
export const invoice = z.object({
  id: z.number(),
  external_id: z.string(),
  invoice_number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  company: z.object({ id: z.number(), name: z.string() }),
  package: z.object({
    id: z.number(),
    name: z.string(),
    price: z.number(),
    duration_in_days: z.number(),
    wa_message_limit: z.number(),
    ai_usage_limit: z.number(),
  }),
  package_amount: z.number(),
  admin_fee: z.number(),
  amount: z.number(),
  payment_method: z.enum(CHANNEL_TYPES),
  payment_channel: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  payment_details: z.object({
    xendit: z.object({
      payment_request_id: z.string().nullable(),
      account_number: z.string().nullable(),
      bank_code: z.string().nullable(),
      /** The QRIS string; the web renders it as a QR image. */
      qr_code_url: z.string().nullable(),
      qr_string: z.string().nullable(),
    }),
  }),
  /** A page where the payment can be made (the sandbox's; real virtual accounts have none). */
  payment_url: z.string().nullable(),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const packageUsage = z.object({
  id: z.number(),
  package: z.object({ id: z.number(), name: z.string(), price: z.number(), duration_in_days: z.number() }),
  invoice_number: z.string().nullable(),
  is_active: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  wa_message_count: z.number(),
  wa_message_limit: z.number(),
  wa_message_remain: z.number(),
  ai_usage_count: z.number(),
  ai_usage_limit: z.number(),
  ai_usage_remain: z.number(),
});
export type PackageUsage = z.infer<typeof packageUsage>;

/** Billing summary of client-area §3 and company usage of super-admin §3. */
export const billingSummary = z.object({
  company_id: z.number(),
  total_ai_count: z.number(),
  total_wa_count: z.number(),
  package_usages: z.array(packageUsage),
});
export type BillingSummary = z.infer<typeof billingSummary>;

/** `GET /billings/current`: what the Billing page shows at the top. */
export const billingCurrent = z.object({
  /** The latest invoice; 'Bayar Sekarang' shows while its status is not PAID. */
  invoice: invoice.nullable(),
  pending_invoice: invoice.nullable(),
  /** The period in force now ('Paket Saat Ini'); null without one. */
  active_package: packageUsage.nullable(),
  /** A paid period waiting for the current one to end. */
  queued_packages: z.array(packageUsage),
  wa_message_remain: z.number(),
  ai_usage_remain: z.number(),
  /** A higher-priced active package exists and no invoice is pending. */
  can_upgrade: z.boolean(),
});
export type BillingCurrent = z.infer<typeof billingCurrent>;

export const quota = z.object({ wa_message_remain: z.number(), ai_usage_remain: z.number() });
export type Quota = z.infer<typeof quota>;

const invoiceStatusParam = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(INVOICE_STATUSES).optional(),
);
/** `exclude_status=PENDING` is how 'Riwayat Tagihan' leaves out the invoice shown in its own card. */
export const billingHistoryQuery = listQuery.extend({
  status: invoiceStatusParam,
  exclude_status: invoiceStatusParam,
});

const dateParam = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), BILLING_MSG.invalidDate)
  .optional();

/** `GET /admin/billings` of super-admin §7. */
export const adminBillingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(10),
  status: z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? value.toUpperCase() : undefined),
    z.enum(INVOICE_STATUSES).optional(),
  ),
  start_date: dateParam,
  end_date: dateParam,
  search: z.string().trim().max(200).optional().default(''),
  company_id: z.coerce.number().int().positive().optional(),
});
export type AdminBillingsQuery = z.infer<typeof adminBillingsQuery>;

export const adminBillingsEnvelope = z.object({
  status_code: z.number(),
  message: z.string(),
  data: z.array(invoice),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }),
});

export const adminStatistics = z.object({
  active_customers: z.number(),
  total_revenue: z.number(),
  monthly_revenue: z.array(
    z.object({
      month: z.string(),
      revenue: z.number(),
      transactions: z.number(),
      /** Percent change from the month before; null when that month had no revenue. */
      growth: z.number().nullable(),
    }),
  ),
});
export type AdminStatistics = z.infer<typeof adminStatistics>;

export const clientStatistics = z.object({ total_companies: z.number(), total_users: z.number() });
export type ClientStatistics = z.infer<typeof clientStatistics>;

/**
 * `POST /admin/billings/company`: the company form of super-admin §5. The company always starts on
 * the free package with the default virtual-account channel (super-admin §4); package_id and
 * payment_channel_id are accepted for the spec's shape and ignored.
 */
export const createBilledCompanyBody = companyBody.extend({
  package_id: z.coerce.number().int().positive().nullable().optional(),
  payment_channel_id: z.coerce.number().int().positive().nullable().optional(),
  user_external_id: z.uuid().nullable().optional(),
});
export type CreateBilledCompanyBody = z.infer<typeof createBilledCompanyBody>;
