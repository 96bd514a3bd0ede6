import { z } from 'zod';
import { requiredText } from './common.ts';
import { MSG } from './messages.ts';

export const policy = z.object({
  action: z.string().trim().min(1).max(64),
  feature: z.string().trim().min(1).max(64).default('permission'),
  path: z.string().trim().max(128).optional(),
});

export const role = z.object({
  id: z.number(),
  external_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  policies: z.array(
    z.object({ action: z.string(), feature: z.string(), path: z.string(), role_name: z.string() }),
  ),
  user_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof role>;

const roleName = requiredText(MSG.nameRequired, 64).regex(
  /^[a-z][a-z0-9_]*$/,
  MSG.permissionNameFormat.replace('e.g. users_read', 'e.g. support_agent'),
);

export const createRoleBody = z.strictObject({
  name: roleName,
  description: z.string().trim().max(500).nullable().optional(),
  policies: z.array(policy).max(200).optional(),
});

export const updateRoleBody = z.strictObject({
  name: roleName.optional(),
  description: z.string().trim().max(500).nullable().optional(),
  policies: z.array(policy).max(200).optional(),
});

export const permission = z.object({
  id: z.number(),
  external_id: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type Permission = z.infer<typeof permission>;

const permissionName = requiredText(MSG.nameRequired, 64).regex(
  /^[a-z][a-z0-9_]*$/,
  MSG.permissionNameFormat,
);

/** On create the name may hold several names separated by commas (super-admin §5). */
export const createPermissionBody = z.strictObject({
  name: requiredText(MSG.nameRequired, 2000).transform((value, ctx) => {
    const names = [
      ...new Set(
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    for (const name of names) {
      const parsed = permissionName.safeParse(name);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `${name}: ${parsed.error.issues[0]?.message}` });
        return z.NEVER;
      }
    }
    return names;
  }),
});

export const updatePermissionBody = z.strictObject({ name: permissionName });
