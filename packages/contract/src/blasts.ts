import { z } from 'zod';
import { listQuery } from './common.ts';

/** Message blasts (client-area §2, §3, §4, §5, §6, §7). */
export const BLAST_STATUSES = [
  'running',
  'paused',
  'failed',
  'completed',
  'in_progress',
  'active',
  'inactive',
] as const;
export type BlastStatus = (typeof BLAST_STATUSES)[number];
/** What the Running Blasts list loads, and what the History dialog loads. */
export const BLAST_LIST_STATUSES: BlastStatus[] = ['paused', 'running', 'active', 'inactive'];
export const BLAST_HISTORY_STATUSES: BlastStatus[] = ['completed'];
export const RECIPIENT_TYPES = ['contact', 'all_contact', 'excel'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
export const BLAST_MESSAGE_MAX = 500;
export const BLAST_TITLE_MAX = 100;
export const BLAST_RECIPIENTS_MAX = 100_000;
export const BLAST_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const BLAST_FILE_EXTENSIONS = ['xlsx', 'xls'] as const;
/** Pickers of contacts ask for this many per page (client-area §7). */
export const CONTACT_PICKER_LIMIT = 300;

export const BLAST_MSG = {
  titleRequired: 'Title is required',
  integrationRequired: 'Integration is required',
  recipientTypeRequired: 'Recipient type is required',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be less than ${BLAST_MESSAGE_MAX} characters`,
  contactsRequired: 'Please select at least one contact',
  fileRequired: 'File is required',
  fileType: 'Only .xlsx or .xls files are allowed',
  created: 'Blast message created successfully',
  statusChanged: 'Status changed successfully',
  notFound: 'Blast not found',
  empty: 'No blasts found',
  historyEmpty: 'No messages blast found.',
  noRecipients: 'No recipients to send to',
  quotaPaused: 'Paused: the WhatsApp message quota is used up',
  integrationInactive: 'The integration is not active',
  readDenied: "You don't have permission to read blast",
  createDenied: "You don't have permission to create blast",
  updateDenied: "You don't have permission to update blast",
} as const;

/** Removes script elements: the browser does it after 1 s idle, the server always. */
export const stripScripts = (text: string) =>
  text.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<\/?script\b[^>]*>/gi, '');

export const blastStatusCount = z.object({
  total_recipients: z.number(),
  success_count: z.number(),
  failed_count: z.number(),
  /** Share of recipients handled (sent or failed), 0..100 with one decimal. */
  send_percentage: z.number(),
});

export const blast = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  description: z.string().nullable(),
  status: z.enum(BLAST_STATUSES),
  /** Why the server paused or failed it (quota used up, integration off), else null. */
  status_reason: z.string().nullable(),
  integration_id: z.number(),
  integration_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  status_count: blastStatusCount,
});
export type Blast = z.infer<typeof blast>;

export const blastListQuery = listQuery.extend({
  /** Comma-separated statuses, e.g. 'paused,running,active,inactive' or 'completed'. */
  status: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(BLAST_STATUSES, { error: 'Unknown blast status' }))),
});

/** The text fields of the multipart create; an Excel list travels as the `file` part. */
export const createBlastFields = z.strictObject({
  title: z
    .string({ error: BLAST_MSG.titleRequired })
    .trim()
    .min(1, BLAST_MSG.titleRequired)
    .max(BLAST_TITLE_MAX, `Title must be at most ${BLAST_TITLE_MAX} characters`),
  integration_id: z.coerce
    .number({ error: BLAST_MSG.integrationRequired })
    .int()
    .positive(BLAST_MSG.integrationRequired),
  recipent_type: z.enum(RECIPIENT_TYPES, { error: BLAST_MSG.recipientTypeRequired }),
  /** Phones or chat ids joined with commas (type contact). */
  recipent_contact: z.string().optional(),
  /** Type contact with 'select all': every contact matching this search, however many. */
  contact_search: z.string().trim().max(200).optional(),
  message: z
    .string({ error: BLAST_MSG.messageRequired })
    .transform(stripScripts)
    .pipe(
      z.string().trim().min(1, BLAST_MSG.messageRequired).max(BLAST_MESSAGE_MAX, BLAST_MSG.messageTooLong),
    ),
  description: z.string().trim().max(500).optional(),
  status: z.literal('running').optional(),
  company_id: z.string().optional(),
});
export type CreateBlastFields = z.infer<typeof createBlastFields>;

/** The card toggle sends 'paused' for a running blast and 'running' for anything else. */
export const blastStatusBody = z.strictObject({
  status: z.enum(['running', 'paused'], { error: 'Status must be running or paused' }),
});

/** A row of an uploaded recipient list that could not be used. */
export const badRecipientRow = z.object({ row: z.number(), phone: z.string(), reason: z.string() });
export type BadRecipientRow = z.infer<typeof badRecipientRow>;
