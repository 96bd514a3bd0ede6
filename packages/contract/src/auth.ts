import { z } from 'zod';
import { emailField } from './common.ts';
import { PASSWORD_MAX } from './constants.ts';
import { MSG } from './messages.ts';
import { newPassword } from './users.ts';

/** Sign-in accepts `username` or `email` (either may hold the e-mail address) with `password`. */
export const loginBody = z
  .strictObject({
    username: z.string().trim().max(255, MSG.invalidCredentials).optional(),
    email: z.string().trim().max(255, MSG.invalidCredentials).optional(),
    password: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(PASSWORD_MAX, MSG.invalidCredentials),
  })
  .refine((body) => Boolean(body.username || body.email), {
    message: MSG.emailRequired,
    path: ['email'],
  });
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  id: z.number(),
  external_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.string(),
  roles: z.array(z.string()),
  company_id: z.number().nullable(),
  company_external_id: z.string().nullable(),
  permissions: z.array(z.string()),
  acting_super_admin: z.object({ external_id: z.string(), email: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const tokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  user: sessionUser,
});
export type Tokens = z.infer<typeof tokens>;

export const refreshBody = z.strictObject({
  refresh_token: z.string({ error: MSG.refreshInvalid }).min(1, MSG.refreshInvalid).max(512),
});

export const forgotPasswordBody = z.strictObject({ email: emailField() });

export const completeResetBody = z
  .strictObject({
    token: z.string({ error: MSG.resetTokenInvalid }).min(1, MSG.resetTokenInvalid).max(512),
    new_password: newPassword,
    confirm_password: z.string({ error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

/** Change password of the signed-in user (client-area §5). */
export const changePasswordBody = z
  .strictObject({
    old_password: z.string({ error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
    new_password: z.string({ error: MSG.required }).min(1, MSG.required).pipe(newPassword),
    confirm_password: z.string({ error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

export const enterClientBody = z.strictObject({
  company_external_id: z.uuid(MSG.notFound('Company')),
});
