import type { Company } from '@app/contract/companies';
import type { CompanyRow } from './companies.repo.ts';

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    external_id: row.externalId,
    company_name: row.companyName,
    industry: row.industry,
    city: row.city,
    status: row.status as Company['status'],
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    website: row.website,
    address: row.address,
    package_id: row.packageId,
    payment_channel_id: row.paymentChannelId,
    access_level: row.accessLevel === 'custom' ? 'custom' : 'full',
    custom_permissions: row.customPermissions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
