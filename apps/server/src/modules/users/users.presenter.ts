import type { ClientProfile, Preferences, User, UserInfo } from '@app/contract/users';
import type { companies } from '../../db/schema/companies.ts';
import type { userPreferences } from '../../db/schema/users.ts';
import type { UserRow } from './users.repo.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    external_id: row.externalId,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    wa_number: row.waNumber,
    username: row.username,
    roles: row.roles,
    date_of_birth: iso(row.dateOfBirth),
    image_url: row.imageUrl,
    address: row.address,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    last_active_at: iso(row.lastActiveAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentUser(row: UserRow): User {
  const info = presentUserInfo(row);
  return { ...info, company_id: row.companyId, user_info: info };
}

export function presentClientProfile(
  row: UserRow,
  company: typeof companies.$inferSelect | undefined,
): ClientProfile {
  return {
    company_name: company?.companyName ?? null,
    address: company?.address ?? null,
    website: company?.website ?? null,
    external_id: row.externalId,
    company_external_id: company?.externalId ?? null,
    company_id: row.companyId,
    user_info: presentUserInfo(row),
  };
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'light',
  language: 'english',
  notifications: true,
  email_frequency: 'weekly',
  custom_settings: {},
  updated_at: null,
};

export function presentPreferences(row: typeof userPreferences.$inferSelect | undefined): Preferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    theme: row.theme as Preferences['theme'],
    language: row.language as Preferences['language'],
    notifications: row.notifications,
    email_frequency: row.emailFrequency as Preferences['email_frequency'],
    custom_settings: row.customSettings,
    updated_at: row.updatedAt.toISOString(),
  };
}
