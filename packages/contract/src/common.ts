import { z } from 'zod';
import { LIMIT_DEFAULT, LIMIT_MAX, NAME_MAX, PAGE_DEFAULT, PHONE_PATTERN } from './constants.ts';
import { MSG } from './messages.ts';

/** A required, trimmed string whose every failure (missing, wrong type, empty, too long) says `message`. */
export const requiredText = (message: string, max = NAME_MAX, tooLong?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong ?? `Must be at most ${max} characters`);

export const optionalText = (max = NAME_MAX) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional();

export const emailField = (requiredMessage: string = MSG.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(255, MSG.invalidEmail)
    .pipe(z.email(MSG.invalidEmail))
    .transform((value) => value.toLowerCase());

export const phoneField = z
  .string({ error: MSG.phoneEmpty })
  .trim()
  .min(1, MSG.phoneEmpty)
  .regex(PHONE_PATTERN, MSG.invalidPhone);

/** Date of birth: null, or an ISO timestamp ending with Z (client-area §5). */
export const dateOfBirthField = z
  .union([z.null(), z.literal('').transform(() => null), z.iso.datetime({ error: MSG.invalidDateOfBirth })])
  .optional();

export const idParam = z.strictObject({ id: z.coerce.number().int().positive().max(2147483647) });
export const externalIdParam = z.strictObject({ id: z.uuid(MSG.notFound('Record')) });

/** List query of client-area §3/§7: pages from 1, limit 10, order_by a column, sort_by asc/desc. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(PAGE_DEFAULT),
  limit: z.coerce.number().int().min(1).max(LIMIT_MAX).default(LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().trim().max(200).optional().default(''),
  order_by: z.string().max(64).optional(),
  sort_by: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listMeta = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  offset: z.number(),
  search: z.string(),
  sort_by: z.enum(['asc', 'desc']),
  order_by: z.string(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** The response envelope every endpoint answers with. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.number(), message: z.string(), data });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status_code: z.number(), message: z.string(), data: z.array(item), meta: listMeta });

export const errorEnvelope = z.object({
  status_code: z.number(),
  message: z.string(),
  data: z.unknown().nullable(),
  error: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { status_code: number; message: string; data: T; meta?: ListMeta };
