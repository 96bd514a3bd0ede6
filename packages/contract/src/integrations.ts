import { z } from 'zod';
import { listQuery } from './common.ts';

export const INTEGRATION_TYPES = ['message_platform', 'ai', 'other'] as const;
export const INTEGRATION_STATUSES = ['active', 'inactive'] as const;

export const platform = z.object({
  id: z.number(),
  external_id: z.string(),
  platform_name: z.string(),
  kind: z.string(),
});
export type Platform = z.infer<typeof platform>;

/** An integration as the web sees it: the AccountID only as a hint when it is a secret. */
export const integration = z.object({
  id: z.number(),
  external_id: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  title: z.string(),
  status: z.enum(INTEGRATION_STATUSES),
  integration_id: z.number(),
  platform_name: z.string(),
  integration_contact: z.string(),
  account_name: z.string().nullable(),
  connection_state: z.string().nullable(),
  last_error: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  webhook_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Integration = z.infer<typeof integration>;

const fields = {
  type: z.enum(INTEGRATION_TYPES, { error: 'Integration type is required' }),
  integration_id: z.coerce.number({ error: 'Platform is required' }).int().positive('Platform is required'),
  title: z
    .string({ error: 'Integration name is required' })
    .trim()
    .min(1, 'Integration name is required')
    .max(255),
  integration_contact: z
    .string({ error: 'AccountID is required' })
    .trim()
    .min(1, 'AccountID is required')
    .max(512),
};

/** New integrations are inactive; the status is set only when editing (client-area §4). */
export const createIntegrationBody = z.strictObject({
  ...fields,
  status: z.literal('inactive').optional(),
});

export const updateIntegrationBody = z.strictObject({
  ...fields,
  status: z.enum(INTEGRATION_STATUSES, { error: 'Status is required' }),
});

export const integrationListQuery = listQuery.extend({ status: z.enum(INTEGRATION_STATUSES).optional() });

/** `GET /integrations/credentials`: what a workflow may use (client-area §3 "Integration credential"). */
export const integrationCredential = z.object({
  id: z.number(),
  platform_name: z.string(),
  data: z.object({ name: z.string() }),
});

export const INTEGRATION_MSG = {
  created: 'Integration created successfully',
  updated: 'Integration updated successfully',
  deleted: 'Integration deleted successfully',
  platformNotFound: 'Platform not found',
} as const;
