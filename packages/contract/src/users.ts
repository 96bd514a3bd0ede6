import { z } from 'zod';
import { dateOfBirthField, emailField, listQuery, optionalText, phoneField, requiredText } from './common.ts';
import { EMAIL_FREQUENCIES, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX, THEMES } from './constants.ts';
import { MSG } from './messages.ts';

export const newPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const roleName = z
  .string({ error: MSG.roleRequired })
  .trim()
  .min(1, MSG.roleRequired)
  .max(64, MSG.unknownRole);

export const userInfo = z.object({
  id: z.number(),
  external_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  wa_number: z.string().nullable(),
  username: z.string(),
  roles: z.array(z.string()),
  date_of_birth: z.string().nullable(),
  image_url: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  last_active_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A user as lists and detail answers show it (super-admin §3 "User"). */
export const user = userInfo.extend({
  company_id: z.number().nullable(),
  user_info: userInfo,
});
export type User = z.infer<typeof user>;

/** Client profile of `GET /client/companies/users/me` (client-area §3). */
export const clientProfile = z.object({
  company_name: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  external_id: z.string(),
  company_external_id: z.string().nullable(),
  company_id: z.number().nullable(),
  user_info: userInfo,
});
export type ClientProfile = z.infer<typeof clientProfile>;

/** Client users screen: add (client-area §5). Roles offered are all but super_admin. */
export const createUserBody = z.strictObject({
  full_name: requiredText(MSG.fullNameRequired),
  email: emailField(),
  password: newPassword,
  phone: phoneField,
  roles: z.array(roleName).min(1, MSG.roleRequired).max(1, 'Choose one role').default(['client_user']),
  date_of_birth: dateOfBirthField,
  username: optionalText(64),
  image_url: optionalText(1000).nullable(),
  address: optionalText(TEXT_MAX).nullable(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Edit keeps the e-mail (not editable) and has no password. */
export const updateUserBody = z.strictObject({
  full_name: requiredText(MSG.fullNameRequired).optional(),
  phone: phoneField.optional(),
  roles: z.array(roleName).min(1, MSG.roleRequired).max(1, 'Choose one role').optional(),
  date_of_birth: dateOfBirthField,
  image_url: optionalText(1000).nullable(),
  address: optionalText(TEXT_MAX).nullable(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** `POST /client/companies/register-user`: a super admin adds a user to a company. */
export const registerUserBody = createUserBody.extend({
  company_id: z.coerce.number({ error: 'Company is required' }).int().positive(),
  roles: z.array(roleName).min(1, MSG.roleRequired).max(1, 'Choose one role').default(['client_admin']),
});
export type RegisterUserBody = z.infer<typeof registerUserBody>;

/** Own profile (client-area §5 Profile). Address is required for everyone but a super admin: the server checks it. */
export const updateProfileBody = z.strictObject({
  full_name: requiredText(MSG.profileNameRequired),
  phone: phoneField,
  address: optionalText(TEXT_MAX).nullable(),
  date_of_birth: dateOfBirthField,
  image_url: optionalText(1000).nullable(),
  email: z.string().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const preferences = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  notifications: z.boolean(),
  email_frequency: z.enum(EMAIL_FREQUENCIES),
  custom_settings: z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()])),
  /** Null until the user saves preferences: the web then keeps following the system and its defaults. */
  updated_at: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferences>;

export const updatePreferencesBody = z
  .strictObject({
    theme: preferences.shape.theme,
    language: preferences.shape.language,
    notifications: preferences.shape.notifications,
    email_frequency: preferences.shape.email_frequency,
    custom_settings: preferences.shape.custom_settings.refine(
      (value) => Object.keys(value).length <= 20,
      'At most 20 custom settings',
    ),
  })
  .partial();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

export const userListQuerySort = ['created_at', 'full_name', 'email', 'last_active_at'] as const;

export const adminUserListQuery = listQuery.extend({ role: z.string().trim().max(64).optional() });
