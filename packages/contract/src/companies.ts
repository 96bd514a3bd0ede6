import { z } from 'zod';
import { listQuery, requiredText } from './common.ts';
import {
  COMPANY_INDUSTRIES,
  COMPANY_STATUSES,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  PHONE_PATTERN,
  TEXT_MAX,
} from './constants.ts';
import { MSG } from './messages.ts';

export const ACCESS_LEVELS = ['full', 'custom'] as const;

/** Company as super-admin §3 describes it, with the access level of the client permission cards. */
export const company = z.object({
  id: z.number(),
  external_id: z.string(),
  company_name: z.string(),
  industry: z.string(),
  city: z.string(),
  status: z.enum(COMPANY_STATUSES),
  contact_email: z.string(),
  contact_phone: z.string(),
  website: z.string().nullable(),
  address: z.string(),
  package_id: z.number().nullable(),
  payment_channel_id: z.number().nullable(),
  access_level: z.enum(ACCESS_LEVELS),
  custom_permissions: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof company>;

const companyFields = {
  company_name: requiredText(
    'Company name is required',
    NAME_MAX,
    'Company name must be at most 255 characters',
  ),
  industry: z.enum(COMPANY_INDUSTRIES, { error: 'Industry is required' }),
  city: requiredText('City is required', NAME_MAX, 'City must be at most 255 characters'),
  status: z.enum(COMPANY_STATUSES, { error: 'Status is required' }),
  contact_email: z
    .string({ error: 'Contact email is required' })
    .trim()
    .min(1, 'Contact email is required')
    .max(EMAIL_MAX, MSG.invalidEmail)
    .pipe(z.email(MSG.invalidEmail)),
  contact_phone: z
    .string({ error: 'Contact phone is required' })
    .trim()
    .min(1, 'Contact phone is required')
    .max(PHONE_MAX, MSG.invalidPhone)
    .regex(PHONE_PATTERN, MSG.invalidPhone),
  address: requiredText('Address is required', TEXT_MAX),
  website: z.string().trim().max(NAME_MAX).nullable().optional(),
};

/** The company form of super-admin §5. */
export const companyBody = z.strictObject(companyFields);
export type CompanyBody = z.infer<typeof companyBody>;
export const updateCompanyBody = z.strictObject(companyFields).partial();

export const companyStatusBody = z.strictObject({
  status: z.enum(COMPANY_STATUSES, { error: 'Status is required' }),
});

export const companyListQuery = listQuery.extend({
  status: z.enum(COMPANY_STATUSES).optional(),
  industry: z.enum(COMPANY_INDUSTRIES).optional(),
  city: z.string().trim().max(NAME_MAX).optional(),
  package_id: z.coerce.number().int().positive().optional(),
});

/** A company's access level: 'custom' limits its users to `custom_permissions`. */
export const companyAccessBody = z.strictObject({
  access_level: z.enum(ACCESS_LEVELS, { error: 'Access level is required' }),
  custom_permissions: z.array(z.string().max(64)).max(200).default([]),
});
