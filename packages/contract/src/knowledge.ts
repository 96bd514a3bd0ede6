import { z } from 'zod';
import { listQuery } from './common.ts';

/** Knowledge base (client-area §2, §3, §5, §9). */
export const KNOWLEDGE_MAX_BYTES = 52_428_800;
export const KNOWLEDGE_EXTENSIONS = ['pdf', 'xlsx', 'docx', 'txt', 'md'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_EXTENSIONS)[number];
export const KNOWLEDGE_ACCEPT = KNOWLEDGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const KNOWLEDGE_NAME_MAX = 255;
/** Entries are indexed after the upload answers: processing → ready, or failed with a reason. */
export const KNOWLEDGE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

export const KNOWLEDGE_MSG = {
  fileRequired: 'File is required',
  nameRequired: 'Name is required',
  fileTooLarge: 'File size must not exceed 50MB',
  fileType: 'Only PDF, XLSX, DOCX, TXT or MD files are allowed',
  fileUnreadable: 'The file could not be read',
  created: 'Knowledge base created successfully',
  updated: 'Knowledge base updated successfully',
  deleted: 'Item deleted successfully',
  notFound: 'Knowledge not found',
  deleteConfirm: 'Are you sure you want to delete this item?',
  empty: 'No knowledge found',
  createFailed: 'Failed to create knowledge base',
  updateFailed: 'Failed to update knowledge base',
  denied: "You don't have permission to view knowledge base. Please contact your administrator.",
} as const;

export const knowledgeItem = z.object({
  id: z.number(),
  name: z.string(),
  content: z.string().nullable(),
  total_entry: z.number(),
  company_id: z.number(),
  filename: z.string(),
  file_type: z.enum(KNOWLEDGE_EXTENSIONS),
  size: z.number(),
  status: z.enum(KNOWLEDGE_STATUSES),
  error: z.string().nullable(),
  /** Where the original file is downloaded from (with the bearer token). */
  file: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeItem = z.infer<typeof knowledgeItem>;

export const knowledgeListQuery = listQuery;

/** The text fields of the multipart create/update; the file travels as the `file` part. */
export const knowledgeFields = z.strictObject({
  name: z
    .string({ error: KNOWLEDGE_MSG.nameRequired })
    .trim()
    .min(1, KNOWLEDGE_MSG.nameRequired)
    .max(KNOWLEDGE_NAME_MAX, `Name must be at most ${KNOWLEDGE_NAME_MAX} characters`),
  content: z.string().trim().max(2000).optional(),
  /** Sent by the spec's client; the server counts entries itself and ignores these. */
  total_entry: z.string().optional(),
  company_id: z.string().optional(),
});
export type KnowledgeFields = z.infer<typeof knowledgeFields>;

export const fileTypeOf = (filename: string): KnowledgeFileType | null => {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return (KNOWLEDGE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as KnowledgeFileType)
    : null;
};
